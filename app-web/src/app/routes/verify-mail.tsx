import { useSelector } from 'react-redux';
import { useParams, useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/layout/page-frame';
import { selectVerificationLink } from '../../features/email-verification/email-verification-slice';
import { VerifyMailPage } from '../../features/email-verification/verify-mail-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { emailVerificationFeature } from '../features/email-verification';

/** /verify-mail/{secret}, /verify-mail/?secret= and /verify-mail/. */
export const VerifyMailRoute = () => {
  usePageMeta('Verify your email', '/verify-mail');
  const [searchParams] = useSearchParams();
  const { secret: pathSecret } = useParams();
  const secret = searchParams.get('secret') ?? pathSecret ?? null;
  // A link followed a second time finds the address verified: nothing to check any more.
  const verified = useSelector(selectVerificationLink).status === 'already-verified';
  return (
    <PageFrame
      eyebrow={verified ? 'Email verified' : 'Almost there'}
      title={verified ? "You're all set" : 'Check your emails!'}
      width="narrow"
    >
      <VerifyMailPage secret={secret} />
    </PageFrame>
  );
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [emailVerificationFeature];
