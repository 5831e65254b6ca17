import { useParams, useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/layout/page-frame';
import { VerifyMailPage } from '../../features/email-verification/verify-mail-page';
import { usePageMeta } from '../../lib/use-page-meta';

/** /verify-mail/{secret}, /verify-mail/?secret= and /verify-mail/. */
export const VerifyMailRoute = () => {
  usePageMeta('Verify your email', '/verify-mail');
  const [searchParams] = useSearchParams();
  const { secret: pathSecret } = useParams();
  const secret = searchParams.get('secret') ?? pathSecret ?? null;
  return (
    <PageFrame eyebrow="Almost there" title="Check your emails!" width="narrow">
      <VerifyMailPage secret={secret} />
    </PageFrame>
  );
};
