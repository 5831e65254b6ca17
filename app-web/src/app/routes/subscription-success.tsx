import { SubscriptionSuccessPage } from '../../features/checkout/subscription-success-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { checkoutFeature } from '../features/checkout';

export const SubscriptionSuccessRoute = () => {
  usePageMeta('Welcome', '/subscription-success');
  return <SubscriptionSuccessPage />;
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [checkoutFeature];
