import { useEffect, useRef, useState } from 'react';
import { FormMessage } from '../../components/form/form-message';

interface EmbeddedCheckout {
  mount(element: HTMLElement): void;
  destroy(): void;
}
interface StripeJs {
  initEmbeddedCheckout(options: { fetchClientSecret: () => Promise<string> }): Promise<EmbeddedCheckout>;
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3/';

const loadStripeJs = () =>
  new Promise<NonNullable<Window['Stripe']>>((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load'));
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.append(script);
  });

/** Stripe's embedded Checkout (Stripe.js `initEmbeddedCheckout`), used when the API runs on Stripe. */
export const StripeEmbeddedCheckout = ({
  publishableKey,
  clientSecret,
}: {
  publishableKey: string;
  clientSecret: string;
}) => {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let checkout: EmbeddedCheckout | undefined;
    let cancelled = false;
    loadStripeJs()
      .then((stripe) =>
        stripe(publishableKey).initEmbeddedCheckout({ fetchClientSecret: async () => clientSecret }),
      )
      .then((embedded) => {
        checkout = embedded;
        if (cancelled) embedded.destroy();
        else if (container.current) embedded.mount(container.current);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret]);
  return failed ? (
    <FormMessage tone="error">The payment form could not be loaded. Please try again later.</FormMessage>
  ) : (
    <div ref={container} className="stripe-checkout" />
  );
};
