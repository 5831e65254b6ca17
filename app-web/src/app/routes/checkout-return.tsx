import { ComingSoon } from '../../components/layout/coming-soon';
import { PageFrame } from '../../components/layout/page-frame';
import { usePageMeta } from '../../lib/use-page-meta';

// NEXT: GET /api/payment/session-status?session_id= ('open' back to checkout, 'complete' to the
// success page with the customer email), refresh the token, 'subscription_checkout_completed' event.
export const CheckoutReturnRoute = () => {
  usePageMeta('Checkout', '/return');
  return (
    <PageFrame eyebrow="Checkout" title="Checking your payment" width="narrow">
      <ComingSoon what="Confirming your payment" />
    </PageFrame>
  );
};
