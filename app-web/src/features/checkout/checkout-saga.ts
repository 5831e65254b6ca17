import { call, put, takeLatest } from 'redux-saga/effects';
import { match } from 'ts-pattern';
import { trackEvent } from '../../lib/analytics';
import { loggedOut, tokenReceived } from '../../lib/session/session-slice';
import { fetchRefreshedToken, fetchSessionStatus } from './checkout-api';
import { checkoutCompleted, checkoutNotCompleted, returnVisited, sessionStillOpen } from './checkout-slice';

export const TOKEN_REFRESH_FAILED = 'Could not update JWT - user will be logged out.';

export interface CheckoutReturnDependencies {
  fetchSessionStatus: typeof fetchSessionStatus;
  fetchRefreshedToken: typeof fetchRefreshedToken;
  trackEvent: typeof trackEvent;
  logError: (message: string, error: unknown) => void;
}

const browserDependencies: CheckoutReturnDependencies = {
  fetchSessionStatus,
  fetchRefreshedToken,
  trackEvent,
  logError: (message, error) => console.error(message, error),
};

/**
 * /return: 'open' goes back to checkout, 'complete' to the success page with the customer email,
 * anything else shows nothing. After a completed checkout the token is refreshed (it now carries
 * the plan); if that fails the customer is logged out.
 */
export function* checkoutReturn(
  dependencies: CheckoutReturnDependencies,
  action: ReturnType<typeof returnVisited>,
) {
  let session: Awaited<ReturnType<typeof fetchSessionStatus>>;
  try {
    session = yield call(dependencies.fetchSessionStatus, action.payload.sessionId);
  } catch (error) {
    dependencies.logError('Could not read the checkout session.', error);
    yield put(checkoutNotCompleted());
    return;
  }
  // Every status the API names is handled (the compiler checks it); one it does not name shows nothing.
  const notCompleted = match(session.status)
    .with('open', () => sessionStillOpen())
    .with('expired', () => checkoutNotCompleted())
    .with('complete', () => null)
    .exhaustive(() => checkoutNotCompleted());
  if (notCompleted) {
    yield put(notCompleted);
    return;
  }
  yield call(dependencies.trackEvent, 'subscription_checkout_completed');
  try {
    const { token }: { token: string } = yield call(dependencies.fetchRefreshedToken);
    yield put(tokenReceived(token));
  } catch (error) {
    dependencies.logError(TOKEN_REFRESH_FAILED, error);
    yield put(loggedOut());
    yield put(checkoutNotCompleted());
    return;
  }
  yield put(checkoutCompleted({ customerEmail: session.customer_email }));
}

export function* checkoutSaga(dependencies: CheckoutReturnDependencies = browserDependencies) {
  yield takeLatest(returnVisited.type, checkoutReturn, dependencies);
}
