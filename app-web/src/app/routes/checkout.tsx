import { formatCents, planForPriceId, PRICES, TIER_DISPLAY_NAMES } from '@stickwork/domain';
import { Link, useParams } from 'react-router-dom';
import { ComingSoon } from '../../components/layout/coming-soon';
import { FrameCard } from '../../components/layout/frame-card';
import { PageFrame } from '../../components/layout/page-frame';
import { usePageMeta } from '../../lib/use-page-meta';

// NEXT: the embedded payment form (GET /api/payment/create-checkout-session?priceId=).
export const CheckoutRoute = () => {
  const { priceId = '' } = useParams();
  usePageMeta('Checkout', `/checkout/${priceId}`);
  const plan = planForPriceId(priceId);

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
  const amount =
    plan.period === 'monthly'
      ? `${formatCents(price.monthlyCents)} € per month`
      : `${formatCents(price.yearlyTotalCents)} € per year (${formatCents(price.yearlyPerMonthCents)} € per month)`;
  return (
    <PageFrame eyebrow="Checkout" title={`Stickwork ${TIER_DISPLAY_NAMES[plan.tier]}`} width="narrow">
      <FrameCard title="Your plan">
        <p>
          {TIER_DISPLAY_NAMES[plan.tier]}, billed {plan.period}: <strong>{amount}</strong>, VAT included. Your
          first paid subscription starts with a 14-day free trial.
        </p>
        <p>
          Want a different plan? <Link to="/pricing">Compare plans</Link>
        </p>
      </FrameCard>
      <ComingSoon what="The payment form" />
    </PageFrame>
  );
};
