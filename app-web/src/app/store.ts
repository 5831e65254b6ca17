import { combineSlices, configureStore, type Slice, type WithSlice } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import type { accountSlice } from '../features/account/account-slice';
import type { checkoutSlice } from '../features/checkout/checkout-slice';
import type { emailVerificationSlice } from '../features/email-verification/email-verification-slice';
import { newsletterSaga } from '../features/landing/newsletter-saga';
import { newsletterSlice } from '../features/landing/newsletter-slice';
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

/**
 * Every page needs the session and the landing page's newsletter form; every other feature's slice
 * and saga arrive with the first route that uses it (`store.loadFeatures`, called from the router),
 * so the landing page loads no practice, account, form-validation or checkout code (issue 13).
 * A new feature adds a module under ./features, an entry here and its slices to `LazyState`.
 */
const featureModules = {
  account: () => import('./features/account'),
  checkout: () => import('./features/checkout'),
  emailVerification: () => import('./features/email-verification'),
  login: () => import('./features/login'),
  passwordRecovery: () => import('./features/password-recovery'),
  practice: () => import('./features/practice'),
  registration: () => import('./features/registration'),
} satisfies Record<string, () => Promise<{ slices: readonly Slice[]; sagas: readonly Saga[] }>>;

export type FeatureName = keyof typeof featureModules;

type LazyState = WithSlice<typeof accountSlice> &
  WithSlice<typeof checkoutSlice> &
  WithSlice<typeof emailVerificationSlice> &
  WithSlice<typeof loginSlice> &
  WithSlice<typeof passwordRecoverySlice> &
  WithSlice<typeof practiceSlice> &
  WithSlice<typeof progressSlice> &
  WithSlice<typeof weeklyGoalSlice> &
  WithSlice<typeof lessonHistorySlice> &
  WithSlice<typeof registrationSlice>;

const createRootReducer = () =>
  combineSlices(sessionSlice, newsletterSlice).withLazyLoadedSlices<LazyState>();

/** The state a page sees: a page renders only after the router loaded the features it uses. */
export type RootState = ReturnType<ReturnType<typeof createRootReducer>> & LazyState;

function* rootSaga() {
  yield all([fork(sessionSaga), fork(subscriptionSyncSaga), fork(newsletterSaga)]);
}

/** Dispatched once a feature's slices are injected, so their initial state is in the store. */
export const featureLoaded = (feature: FeatureName) => ({ type: 'app/featureLoaded', payload: feature });

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

  const loading = new Map<FeatureName, Promise<void>>();
  const loadFeature = (name: FeatureName) => {
    const known = loading.get(name);
    if (known) return known;
    const loaded = featureModules[name]().then(({ slices, sagas }) => {
      for (const slice of slices) rootReducer.inject(slice as never);
      // The injected slices' state exists from the next action on: this one, before any page reads it.
      store.dispatch(featureLoaded(name));
      for (const saga of sagas) sagaMiddleware.run(saga);
    });
    // A failed chunk download may be retried on the next navigation.
    loaded.catch(() => loading.delete(name));
    loading.set(name, loaded);
    return loaded;
  };
  /** Resolves once the features' slices hold their initial state and their sagas listen. */
  const loadFeatures = async (...names: FeatureName[]) => {
    await Promise.all(names.map(loadFeature));
  };
  return Object.assign(store, { loadFeatures });
};

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
