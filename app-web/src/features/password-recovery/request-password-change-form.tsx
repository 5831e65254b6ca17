import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { EmailRequestForm } from '../../components/form/email-request-form';
import { mailRequested, opened, selectRecoveryRequest } from './password-recovery-slice';

/** Password recovery request (product-spec §2): one email field and its button. */
export const RequestPasswordChangeForm = () => {
  const dispatch = useDispatch();
  const request = useSelector(selectRecoveryRequest);
  useEffect(() => {
    dispatch(opened());
  }, [dispatch]);
  return (
    <section className="card" aria-label="Request a password change email">
      <EmailRequestForm
        buttonLabel="Request email for password change"
        sending={request.status === 'sending'}
        errors={request.fieldErrors.email ?? []}
        result={
          request.message
            ? { tone: request.status === 'sent' ? 'success' : 'error', text: request.message }
            : null
        }
        onRequest={(email) => dispatch(mailRequested({ email }))}
      />
      <div className="link-row">
        <Link to="/login">Back to login</Link>
        <Link to="/register">No account?</Link>
      </div>
    </section>
  );
};
