import {
  PRICE_IDS,
  planForPriceId,
  TIER_DISPLAY_NAMES,
  type PriceId,
  type TestPortalAction,
  type TestPortalView,
  formatLongDateUtc,
} from '@stickwork/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/button/button';
import { FormMessage } from '../../components/form/form-message';
import { FrameCard } from '../../components/layout/frame-card';
import { PageFrame } from '../../components/layout/page-frame';
import { ApiError } from '../../lib/api-client';
import { actInTestPortal, fetchTestPortal } from './checkout-api';
import { amountLabelOf } from './checkout-page';
import './checkout.css';

const STATUS_LABELS: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
  freemium: 'Free plan',
};

const planName = (priceId: PriceId) => {
  const plan = planForPriceId(priceId)!;
  return `${TIER_DISPLAY_NAMES[plan.tier]} ${plan.period} — ${amountLabelOf(plan)}`;
};

/**
 * The local test-payment provider's customer portal (what Stripe's portal is with Stripe): change the
 * plan, cancel at period end, resume, and simulate a failed or a late renewal payment.
 */
export const TestPortalPage = () => {
  const [view, setView] = useState<TestPortalView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosenPrice, setChosenPrice] = useState<PriceId | ''>('');

  useEffect(() => {
    fetchTestPortal()
      .then(setView)
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : 'The portal could not be loaded.'),
      );
  }, []);

  const act = async (action: TestPortalAction) => {
    setBusy(true);
    setError(null);
    try {
      setView(await actInTestPortal(action));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const subscription = view?.subscription ?? null;
  return (
    <PageFrame eyebrow="Test payments" title="Manage your subscription" width="narrow">
      <div className="test-payment__banner" role="note">
        <strong>Test payment provider — no real money is charged</strong>
        <span>Changes here take effect at once, as they would in the payment provider&apos;s portal.</span>
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {view && !subscription ? (
        <FrameCard title="No subscription">
          <p>You are on the free plan. Choose a plan to subscribe.</p>
          <ButtonLink to="/pricing">See plans</ButtonLink>
        </FrameCard>
      ) : null}
      {subscription ? (
        <>
          <FrameCard title="Your subscription">
            <dl className="portal__facts">
              <dt>Plan</dt>
              <dd>{planName(subscription.priceId)}</dd>
              <dt>Status</dt>
              <dd>{STATUS_LABELS[subscription.status] ?? subscription.status}</dd>
              <dt>{subscription.status === 'trialing' ? 'Trial ends' : 'Current period ends'}</dt>
              <dd>{formatLongDateUtc(subscription.currentPeriodEnd)}</dd>
              <dt>Email</dt>
              <dd>{view?.email}</dd>
            </dl>
            {subscription.cancelAt ? (
              <p>
                Your subscription has been canceled. You can use it until{' '}
                {formatLongDateUtc(subscription.cancelAt)}.
              </p>
            ) : null}
          </FrameCard>
          <FrameCard title="Change plan">
            <div className="portal__change">
              <label className="field__label" htmlFor="portal-plan">
                New plan
              </label>
              <select
                id="portal-plan"
                className="field__input"
                value={chosenPrice}
                onChange={(event) => setChosenPrice(event.target.value as PriceId | '')}
              >
                <option value="">Select a plan</option>
                {PRICE_IDS.filter((id) => id !== subscription.priceId).map((id) => (
                  <option key={id} value={id}>
                    {planName(id)}
                  </option>
                ))}
              </select>
              <Button
                disabled={busy || chosenPrice === ''}
                onClick={() =>
                  chosenPrice !== '' && void act({ action: 'change-plan', priceId: chosenPrice })
                }
              >
                Change plan
              </Button>
            </div>
          </FrameCard>
          <FrameCard title="Cancellation">
            {subscription.cancelAt ? (
              <Button disabled={busy} onClick={() => void act({ action: 'resume' })}>
                Resume subscription
              </Button>
            ) : (
              <Button variant="secondary" disabled={busy} onClick={() => void act({ action: 'cancel' })}>
                Cancel at period end
              </Button>
            )}
          </FrameCard>
          <FrameCard title="Simulate renewal payments">
            <div className="portal__actions">
              {subscription.status === 'past_due' ? (
                <Button disabled={busy} onClick={() => void act({ action: 'pay-overdue' })}>
                  Pay the overdue invoice
                </Button>
              ) : (
                <Button variant="ghost" disabled={busy} onClick={() => void act({ action: 'fail-payment' })}>
                  Simulate a failed payment
                </Button>
              )}
            </div>
          </FrameCard>
        </>
      ) : null}
      <p className="portal__back">
        <Link to="/account-settings">Back to your account settings</Link>
      </p>
    </PageFrame>
  );
};
