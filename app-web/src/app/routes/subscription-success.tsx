import { SubscriptionSuccessPage } from '../../features/checkout/subscription-success-page';
import { usePageMeta } from '../../lib/use-page-meta';

export const SubscriptionSuccessRoute = () => {
  usePageMeta('Welcome', '/subscription-success');
  return <SubscriptionSuccessPage />;
};
