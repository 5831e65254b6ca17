import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button/button';
import { FormMessage } from '../../components/form/form-message';
import { TextField } from '../../components/form/text-field';
import { ApiError } from '../../lib/api-client';
import { payTestCheckout, type TestCardInput } from './checkout-api';

const EMPTY_CARD: TestCardInput = { number: '', expiry: '', cvc: '', name: '' };

/** 4242424242424242 → '4242 4242 4242 4242', as card forms show it. */
const groupDigits = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

/**
 * The local provider's embedded card form. It says plainly that it is a test: no card is charged,
 * and only Stripe's test cards pay.
 */
export const TestPaymentForm = ({
  clientSecret,
  amountLabel,
  onPaid,
}: {
  clientSecret: string;
  amountLabel: string;
  onPaid: (sessionId: string) => void;
}) => {
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<keyof TestCardInput, string[]>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const set = (field: keyof TestCardInput) => (value: string) =>
    setCard((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPaying(true);
    setMessage(null);
    setErrors({});
    try {
      const { sessionId } = await payTestCheckout(clientSecret, card);
      onPaid(sessionId);
    } catch (error) {
      setPaying(false);
      if (error instanceof ApiError) {
        const body = error.body as { errors?: Partial<Record<keyof TestCardInput, string[]>> } | null;
        if (body?.errors) setErrors(body.errors);
        else setMessage(error.message);
      } else setMessage('The payment could not be sent. Please check your connection and try again.');
    }
  };

  return (
    <form
      className="test-payment"
      onSubmit={submit}
      noValidate
      aria-labelledby="test-payment-title"
      aria-describedby="test-payment-amount"
    >
      <div className="test-payment__banner" role="note">
        <strong id="test-payment-title">Test payment — no real money is charged</strong>
        <span>
          This is Stickwork&apos;s built-in test checkout. Pay with the test card 4242 4242 4242 4242, any
          future expiry date and any CVC; 4000 0000 0000 0002 shows a declined card.
        </span>
      </div>
      <TextField
        label="Card number"
        value={card.number}
        onChange={(value) => set('number')(groupDigits(value))}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        errors={errors.number ?? []}
      />
      <div className="test-payment__row">
        <TextField
          label="Expiry (MM / YY)"
          value={card.expiry}
          onChange={(value) => set('expiry')(formatExpiry(value))}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          errors={errors.expiry ?? []}
        />
        <TextField
          label="CVC"
          value={card.cvc}
          onChange={(value) => set('cvc')(value.replace(/\D/g, '').slice(0, 4))}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          errors={errors.cvc ?? []}
        />
      </div>
      <TextField
        label="Name on card"
        value={card.name}
        onChange={set('name')}
        autoComplete="cc-name"
        errors={errors.name ?? []}
      />
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <p id="test-payment-amount" className="test-payment__amount">
        {amountLabel}, VAT included. Cancel any time.
      </p>
      <Button type="submit" size="lg" disabled={paying} className="test-payment__submit">
        {paying ? 'Processing…' : 'Subscribe'}
      </Button>
    </form>
  );
};
