import type { CustomerInfo } from '@stickwork/domain';
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '../../components/button/button';
import { apiRequest } from '../../lib/api-client';
import { isEmailVerified } from '../../lib/session/jwt';
import { selectTokenPayload } from '../../lib/session/session-slice';
import { mailRequested, selectVerificationRequest } from './email-verification-slice';
import './verify-email-reminder.css';

/**
 * After sign-up the account waits for its email address to be confirmed: every page says so until it
 * is, with a button that sends the link again. The token may still read 'unverified' after the link
 * was followed on another device, so the customer's read model has the last word.
 */
export const VerifyEmailReminder = () => {
  const dispatch = useDispatch();
  const payload = useSelector(selectTokenPayload);
  const request = useSelector(selectVerificationRequest);
  const [account, setAccount] = useState<Pick<CustomerInfo, 'email' | 'emailVerified'> | null>(null);
  const tokenVerified = isEmailVerified(payload);

  useEffect(() => {
    if (tokenVerified) return;
    let live = true;
    apiRequest<CustomerInfo>('/api/customer-info')
      .then((info) => live && setAccount({ email: info.email, emailVerified: info.emailVerified }))
      .catch(() => {
        // Without the address there is nothing to resend; the reminder waits for the next page.
      });
    return () => {
      live = false;
    };
  }, [tokenVerified]);

  if (tokenVerified || !account || account.emailVerified) return null;
  return (
    <aside className="verify-reminder" aria-label="Confirm your email address">
      <div className="container verify-reminder__inner">
        <p>
          <strong>Please confirm your email address.</strong> We sent a link to {account.email}; open it to
          verify your account. Nothing arrived? Check your spam folder, or send it again.
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={request.status === 'sending'}
          onClick={() => dispatch(mailRequested({ email: account.email }))}
        >
          Resend the email
        </Button>
        {request.message ? (
          <p className="verify-reminder__result" role={request.status === 'sent' ? 'status' : 'alert'}>
            {request.message}
          </p>
        ) : null}
      </div>
    </aside>
  );
};
