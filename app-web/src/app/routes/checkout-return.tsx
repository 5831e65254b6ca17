import { CheckoutReturnPage } from '../../features/checkout/checkout-return-page';
import { usePageMeta } from '../../lib/use-page-meta';

export const CheckoutReturnRoute = () => {
  usePageMeta('Checkout', '/return');
  return <CheckoutReturnPage />;
};
