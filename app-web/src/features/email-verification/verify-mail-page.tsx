import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate } from 'react-router-dom';
import { ButtonLink } from '../../components/button/button';
import { EmailRequestForm } from '../../components/form/email-request-form';
import { FormMessage } from '../../components/form/form-message';
import { LoaderOverlay } from '../../components/form/loader-overlay';
import { FrameCard } from '../../components/layout/frame-card';
import { isEmailVerified, isLoggedIn } from '../../lib/session/jwt';
import { PRACTICE_HOME } from '../../lib/session/route-access';
import { selectToken, selectTokenPayload } from '../../lib/session/session-slice';
import {
  mailRequested,
  opened,
  secretReceived,
  selectVerificationLink,
  selectVerificationRequest,
} from './email-verification-slice';

/** Email verification (product-spec §2): the mailed secret for a token, or a new verification mail. */
export const VerifyMailPage = ({ secret }: { secret: string | null }) => {
  const dispatch = useDispatch();
  const payload = useSelector(selectTokenPayload);
  const loggedIn = isLoggedIn(useSelector(selectToken), Date.now());
  const link = useSelector(selectVerificationLink);
  const request = useSelector(selectVerificationRequest);
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    dispatch(opened());
  }, [dispatch]);

  // A secret works once: exchange it once, even when effects run twice.
  useEffect(() => {
    if (!secret || exchanged.current === secret) return;
    exchanged.current = secret;
    dispatch(secretReceived(secret));
  }, [dispatch, secret]);

  // A verified account has nothing to do here; this also follows a confirmed link.
  if (isEmailVerified(payload) || link.status === 'confirmed') return <Navigate to={PRACTICE_HOME} replace />;

  if (link.status === 'already-verified') {
    return (
      <FrameCard title="Your email address is already verified">
        <p role="status">
          This link was used before, and that is fine: your address is confirmed and there is nothing more to
          do here.
        </p>
        <p>
          {loggedIn ? (
            <ButtonLink to={PRACTICE_HOME}>Start practising</ButtonLink>
          ) : (
            <ButtonLink to="/login">Log in</ButtonLink>
          )}
        </p>
      </FrameCard>
    );
  }

  return (
    <div className="stack">
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
      {link.status === 'confirming' ? (
        <div className="card verify-mail__confirming">
          <LoaderOverlay label="Confirming your email address…" />
        </div>
      ) : null}
      {link.status === 'failed' && link.message ? (
        <FormMessage tone="error">{link.message}</FormMessage>
      ) : null}
      <FrameCard title="Request a new verification email">
        <EmailRequestForm
          buttonLabel="Send verification email"
          sending={request.status === 'sending'}
          errors={request.fieldErrors.email ?? []}
          result={
            request.message
              ? { tone: request.status === 'sent' ? 'success' : 'error', text: request.message }
              : null
          }
          onRequest={(email) => dispatch(mailRequested({ email }))}
        />
      </FrameCard>
    </div>
  );
};
