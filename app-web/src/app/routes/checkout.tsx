import { useParams } from 'react-router-dom';
import { CheckoutPage } from '../../features/checkout/checkout-page';
import { usePageMeta } from '../../lib/use-page-meta';

export const CheckoutRoute = () => {
  const { priceId = '' } = useParams();
  usePageMeta('Checkout', `/checkout/${priceId}`);
  // keyed: a new plan starts a new checkout session
  return <CheckoutPage key={priceId} priceId={priceId} />;
};
