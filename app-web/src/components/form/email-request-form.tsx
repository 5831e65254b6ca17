import { useState, type FormEvent } from 'react';
import { Button } from '../button/button';
import { FormMessage } from './form-message';
import { TextField } from './text-field';
import './form.css';

interface EmailRequestFormProps {
  label?: string;
  buttonLabel: string;
  sending: boolean;
  errors: readonly string[];
  /** The outcome once the request is answered. */
  result: { tone: 'success' | 'error'; text: string } | null;
  onRequest: (email: string) => void;
}

/** One email field and a button that stays disabled while the field is empty (product-spec §5). */
export const EmailRequestForm = ({
  label = 'Email',
  buttonLabel,
  sending,
  errors,
  result,
  onRequest,
}: EmailRequestFormProps) => {
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() !== '') onRequest(email);
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={label}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        errors={errors}
      />
      <div className="form__actions form__actions--end">
        <Button type="submit" disabled={email.trim() === '' || sending}>
          {buttonLabel}
        </Button>
      </div>
      {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
    </form>
  );
};
