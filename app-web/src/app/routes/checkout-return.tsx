import { CheckoutReturnPage } from '../../features/checkout/checkout-return-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { checkoutFeature } from '../features/checkout';

export const CheckoutReturnRoute = () => {
  usePageMeta('Checkout', '/return');
  return <CheckoutReturnPage />;
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [checkoutFeature];
