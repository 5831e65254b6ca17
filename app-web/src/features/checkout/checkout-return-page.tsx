import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/layout/page-frame';
import { selectToken } from '../../lib/session/session-slice';
import { lastCheckoutPrice } from './checkout-api';
import { returnVisited, selectReturnStatus } from './checkout-slice';

/**
 * /return?session_id=: where the payment form sends the browser. The checkout saga reads the
 * session: 'open' → back to checkout, 'complete' → /subscription-success; anything else shows nothing.
 */
export const CheckoutReturnPage = () => {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const dispatch = useDispatch();
  const status = useSelector(selectReturnStatus);
  const token = useSelector(selectToken);

  useEffect(() => {
    if (sessionId) dispatch(returnVisited({ sessionId }));
  }, [dispatch, sessionId]);

  // The token refresh after payment failed: the customer was logged out.
  if (!token) return <Navigate to="/log-out" replace />;
  if (status === 'open') {
    const priceId = lastCheckoutPrice();
    return <Navigate to={priceId ? `/checkout/${encodeURIComponent(priceId)}` : '/pricing'} replace />;
  }
  if (status === 'complete') return <Navigate to="/subscription-success" replace />;
  return (
    <PageFrame eyebrow="Checkout" title="Checking your payment" width="narrow">
      {status === 'checking' ? <p aria-live="polite">One moment…</p> : null}
    </PageFrame>
  );
};
