import { useSelector } from 'react-redux';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { ComingSoon } from '../../components/layout/coming-soon';
import { FrameCard } from '../../components/layout/frame-card';
import { PageFrame } from '../../components/layout/page-frame';
import { isEmailVerified } from '../../lib/session/jwt';
import { selectTokenPayload } from '../../lib/session/session-slice';
import { PRACTICE_HOME } from '../../lib/session/route-access';
import { usePageMeta } from '../../lib/use-page-meta';

// NEXT: exchange `secret` via GET /api/verify/email?secret=, store the token (tokenReceived) and go
// to /launch-overview; the request-a-new-mail form (GET /api/verify/email/request-verification).
export const VerifyMailRoute = () => {
  usePageMeta('Verify your email', '/verify-mail');
  const payload = useSelector(selectTokenPayload);
  const [searchParams] = useSearchParams();
  const { secret: pathSecret } = useParams();
  const secret = searchParams.get('secret') ?? pathSecret ?? null;

  // A verified account has nothing to do here (product-spec §2 Email verification).
  if (isEmailVerified(payload)) return <Navigate to={PRACTICE_HOME} replace />;

  return (
    <PageFrame eyebrow="Almost there" title="Check your emails!" width="narrow">
      <FrameCard>
        <p>
          We have sent you an email with a verification link. Open it and click the link to confirm your
          address, and you are ready to practise.
        </p>
        <p>
          Nothing there after a few minutes? Please check your spam or junk folder too. You can also request a
          new verification email below.
        </p>
      </FrameCard>
      <ComingSoon
        what={secret ? 'Confirming your verification link' : 'Requesting a new verification email'}
      />
    </PageFrame>
  );
};
