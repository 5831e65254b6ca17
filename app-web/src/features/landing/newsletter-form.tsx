import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/button/button';
import { MailIcon } from '../../components/icons/icons';
import { selectNewsletterMessage, selectNewsletterStatus, signUpRequested } from './newsletter-slice';
import './newsletter-form.css';

/** What the confirmation link (GET /api/newsletter/confirm) reports back through ?newsletter=. */
export const CONFIRMATION_MESSAGES: Record<string, string> = {
  confirmed: 'Thank you! Your newsletter subscription is confirmed. See you in your inbox.',
  invalid: 'This confirmation link is invalid or has expired. Please sign up again below.',
};

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** Newsletter sign-up (product-spec §2 landing page); the request goes through newsletter-saga. */
export const NewsletterForm = () => {
  const dispatch = useDispatch();
  const status = useSelector(selectNewsletterStatus);
  const serverMessage = useSelector(selectNewsletterMessage);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const statusId = useId();
  const [searchParams] = useSearchParams();
  const confirmationResult = searchParams.get('newsletter') ?? '';
  const confirmation = CONFIRMATION_MESSAGES[confirmationResult] ?? null;

  // Coming back from the confirmation link: show the section with its thank-you.
  useEffect(() => {
    if (!confirmation) return;
    const frame = requestAnimationFrame(() => document.getElementById('newsletter')?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [confirmation]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!looksLikeEmail(trimmed)) {
      setFieldError('Please enter a valid email address.');
      return;
    }
    setFieldError(null);
    dispatch(signUpRequested({ email: trimmed }));
  };

  const submitting = status === 'submitting';
  return (
    <form className="newsletter-form" onSubmit={onSubmit} noValidate aria-label="Newsletter sign-up">
      <label htmlFor={inputId} className="newsletter-form__label">
        Email address
      </label>
      <div className="newsletter-form__row">
        <div className="newsletter-form__field">
          <MailIcon className="newsletter-form__icon" />
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={[fieldError ? errorId : null, statusId].filter(Boolean).join(' ')}
            required
          />
        </div>
        <Button type="submit" disabled={submitting || email.trim() === ''}>
          {submitting ? 'Signing up…' : 'Subscribe'}
        </Button>
      </div>
      {fieldError ? (
        <p id={errorId} className="newsletter-form__message newsletter-form__message--error">
          {fieldError}
        </p>
      ) : null}
      <p
        id={statusId}
        role="status"
        className={`newsletter-form__message newsletter-form__message--${
          status === 'idle' && confirmation
            ? confirmationResult === 'confirmed'
              ? 'succeeded'
              : 'failed'
            : status
        }`}
      >
        {status === 'succeeded' || status === 'failed' ? serverMessage : (confirmation ?? '')}
      </p>
    </form>
  );
};
