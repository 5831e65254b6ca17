import { planForPriceId, PRICES, TIER_DISPLAY_NAMES, TRIAL_DAYS, type PricePlan } from '@stickwork/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormMessage } from '../../components/form/form-message';
import { FrameCard } from '../../components/layout/frame-card';
import { PageFrame } from '../../components/layout/page-frame';
import { ApiError } from '../../lib/api-client';
import { formatEuro } from '../../lib/tier-offer';
import {
  createCheckoutSession,
  fetchPaymentConfig,
  rememberCheckoutPrice,
  type PaymentConfig,
} from './checkout-api';
import { StripeEmbeddedCheckout } from './stripe-embedded-checkout';
import { TestPaymentForm } from './test-payment-form';
import './checkout.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; config: PaymentConfig; clientSecret: string }
  | { state: 'failed'; message: string; alreadySubscribed: boolean };

export const amountLabelOf = (plan: PricePlan): string => {
  const price = PRICES[plan.tier];
  return plan.period === 'monthly'
    ? `${formatEuro(price.monthlyCents)} per month`
    : `${formatEuro(price.yearlyTotalCents)} per year`;
};

/** /checkout/:priceId: the plan, and the embedded payment form of the provider the API uses. */
export const CheckoutPage = ({ priceId }: { priceId: string }) => {
  const plan = planForPriceId(priceId);
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    if (!plan) return;
    let live = true;
    rememberCheckoutPrice(priceId);
    Promise.all([fetchPaymentConfig(), createCheckoutSession(priceId)])
      .then(([config, { clientSecret }]) => live && setLoaded({ state: 'ready', config, clientSecret }))
      .catch((error: unknown) => {
        if (!live) return;
        const alreadySubscribed = error instanceof ApiError && error.status === 409;
        setLoaded({
          state: 'failed',
          alreadySubscribed,
          message:
            error instanceof ApiError && error.status < 500
              ? error.message
              : 'The payment form could not be loaded. Please try again later.',
        });
      });
    return () => {
      live = false;
    };
    // `plan` follows `priceId`.
  }, [priceId]);

  if (!plan) {
    return (
      <PageFrame eyebrow="Checkout" title="This plan does not exist" width="narrow">
        <FrameCard>
          <p>
            We could not find the plan you chose. Please pick one on the{' '}
            <Link to="/pricing">pricing page</Link>.
          </p>
        </FrameCard>
      </PageFrame>
    );
  }

  const price = PRICES[plan.tier];
  const amountLabel = amountLabelOf(plan);
  return (
    <PageFrame eyebrow="Checkout" title={`Stickwork ${TIER_DISPLAY_NAMES[plan.tier]}`} width="narrow">
      <FrameCard title="Your plan">
        <p>
          {TIER_DISPLAY_NAMES[plan.tier]}, billed {plan.period}: <strong>{amountLabel}</strong>
          {plan.period === 'yearly' ? ` (${formatEuro(price.yearlyPerMonthCents)} per month)` : ''}, VAT
          included. Your first paid subscription starts with a {TRIAL_DAYS}-day free trial.
        </p>
        <p>
          Want a different plan? <Link to="/pricing">Compare plans</Link>
        </p>
      </FrameCard>
      <FrameCard title="Payment">
        {loaded.state === 'loading' ? <p className="checkout__loading">Preparing the payment form…</p> : null}
        {loaded.state === 'failed' ? (
          <>
            <FormMessage tone="error">{loaded.message}</FormMessage>
            {loaded.alreadySubscribed ? (
              <p>
                Go to your <Link to="/account-settings">account settings</Link>.
              </p>
            ) : null}
          </>
        ) : null}
        {loaded.state === 'ready' && loaded.config.provider === 'local' ? (
          <TestPaymentForm
            clientSecret={loaded.clientSecret}
            amountLabel={amountLabel}
            onPaid={(sessionId) => navigate(`/return?session_id=${encodeURIComponent(sessionId)}`)}
          />
        ) : null}
        {loaded.state === 'ready' && loaded.config.provider === 'stripe' && loaded.config.publishableKey ? (
          <StripeEmbeddedCheckout
            publishableKey={loaded.config.publishableKey}
            clientSecret={loaded.clientSecret}
          />
        ) : null}
        {loaded.state === 'ready' && loaded.config.provider === 'stripe' && !loaded.config.publishableKey ? (
          <FormMessage tone="error">The payment form is not configured. Please contact us.</FormMessage>
        ) : null}
      </FrameCard>
    </PageFrame>
  );
};
