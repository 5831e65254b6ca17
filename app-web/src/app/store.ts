import { combineSlices, configureStore, type WithSlice } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import type { accountSlice } from '../features/account/account-slice';
import type { checkoutSlice } from '../features/checkout/checkout-slice';
import type { emailVerificationSlice } from '../features/email-verification/email-verification-slice';
import type { newsletterSlice } from '../features/landing/newsletter-slice';
import type { lessonHistorySlice } from '../features/lesson-history/lesson-history-slice';
import type { loginSlice } from '../features/login/login-slice';
import type { passwordRecoverySlice } from '../features/password-recovery/password-recovery-slice';
import type { practiceSlice } from '../features/practice/practice-slice';
import type { progressSlice } from '../features/progress/progress-slice';
import type { weeklyGoalSlice } from '../features/progress/weekly-goal-slice';
import type { registrationSlice } from '../features/registration/registration-slice';
import { readStoredToken } from '../lib/session/auth-token';
import { sessionSaga } from '../lib/session/session-saga';
import { sessionSlice } from '../lib/session/session-slice';
import { subscriptionSyncSaga } from '../lib/session/subscription-sync-saga';
import type { Feature } from './feature';

/**
 * Every page needs the session; every feature's slices and sagas arrive with the first route that
 * uses it (a route module's `features`, added by the router: `store.addFeatures`), so the landing
 * page loads no practice, account, form-validation or checkout code. A new feature adds
 * a module under ./features, the routes that use it list it, and its slices go into `LazyState`.
 */
type LazyState = WithSlice<typeof newsletterSlice> &
  WithSlice<typeof accountSlice> &
  WithSlice<typeof checkoutSlice> &
  WithSlice<typeof emailVerificationSlice> &
  WithSlice<typeof loginSlice> &
  WithSlice<typeof passwordRecoverySlice> &
  WithSlice<typeof practiceSlice> &
  WithSlice<typeof progressSlice> &
  WithSlice<typeof weeklyGoalSlice> &
  WithSlice<typeof lessonHistorySlice> &
  WithSlice<typeof registrationSlice>;

const createRootReducer = () => combineSlices(sessionSlice).withLazyLoadedSlices<LazyState>();

/** The state a page sees: a page renders only after the router loaded the features it uses. */
export type RootState = ReturnType<ReturnType<typeof createRootReducer>> & LazyState;

function* rootSaga() {
  yield all([fork(sessionSaga), fork(subscriptionSyncSaga)]);
}

/** Dispatched once features' slices are injected, so their initial state is in the store. */
export const featuresAdded = (names: string[]) => ({ type: 'app/featuresAdded', payload: names });

/** What the browser already knows at start: the stored token. */
export const initialStateFromBrowser = (): Partial<RootState> => ({
  session: { token: readStoredToken() },
});

export const createAppStore = (preloadedState: Partial<RootState> = initialStateFromBrowser()) => {
  const sagaMiddleware = createSagaMiddleware();
  const rootReducer = createRootReducer();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);

  const added = new Set<string>();
  /** Adds the features not added yet: their slices hold their initial state and their sagas listen. */
  const addFeatures = (...features: readonly Feature[]) => {
    const fresh = features.filter((feature) => !added.has(feature.name));
    if (fresh.length === 0) return;
    for (const feature of fresh) {
      added.add(feature.name);
      for (const slice of feature.slices) rootReducer.inject(slice as never);
    }
    // The injected slices' state exists from the next action on: this one, before any page reads it.
    store.dispatch(featuresAdded(fresh.map((feature) => feature.name)));
    for (const feature of fresh) for (const saga of feature.sagas) sagaMiddleware.run(saga);
  };
  return Object.assign(store, { addFeatures });
};

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
