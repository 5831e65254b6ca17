import { call, put, select, takeLatest } from 'redux-saga/effects';
import { ApiError, apiRequest } from '../api-client';
import { decodeToken, isLoggedIn } from './jwt';
import { loggedOut, subscriptionSyncRequested, tokenReceived, type SessionState } from './session-slice';

export const SUBSCRIPTION_STATUS_ENDPOINT = '/api/customer-info/subscription-status';
export const UPDATE_JWT_ENDPOINT = '/api/authenticate/update-jwt';
/** Product-spec §8, logged as given. */
export const NOT_AUTHORIZED = 'User not authorized';
export const JWT_UPDATE_FAILED = 'Could not update JWT - user will be logged out.';

export interface SubscriptionSyncEffects {
  now: () => number;
  /** After a forced logout: leave the page for the landing page. */
  leave: () => void;
}

const browserEffects: SubscriptionSyncEffects = {
  now: () => Date.now(),
  leave: () => window.location.assign('/'),
};

interface ServerSubscription {
  status: string;
  activeTier: string;
}

function* endSession(effects: SubscriptionSyncEffects, reason: string) {
  yield call([console, console.error], reason);
  yield put(loggedOut());
  yield call(effects.leave);
}

function* sync(effects: SubscriptionSyncEffects) {
  const token: string | null = yield select((state: { session: SessionState }) => state.session.token);
  if (!isLoggedIn(token, effects.now())) return;
  let server: ServerSubscription;
  try {
    server = yield call(apiRequest, SUBSCRIPTION_STATUS_ENDPOINT, { token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      yield* endSession(effects, NOT_AUTHORIZED);
      return;
    }
    // Offline or a server hiccup: the stored plan stays until the next page.
    yield call([console, console.error], 'Could not check the subscription status', error);
    return;
  }
  const stored = decodeToken(token);
  if (stored?.subscription_status === server.status && stored.activeTier === server.activeTier) return;
  try {
    const refreshed: { token: string } = yield call(apiRequest, UPDATE_JWT_ENDPOINT, { token });
    yield put(tokenReceived(refreshed.token));
  } catch {
    yield* endSession(effects, JWT_UPDATE_FAILED);
  }
}

/**
 * Subscription sync (product-spec §4 "Authentication"): the token's subscription status and tier
 * against GET /api/customer-info/subscription-status; a refreshed token when they differ; logout
 * when the refresh fails or the check answers 401.
 */
export function* subscriptionSyncSaga(effects: SubscriptionSyncEffects = browserEffects) {
  yield takeLatest(subscriptionSyncRequested.type, sync, effects);
}
