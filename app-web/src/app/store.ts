import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { accountSaga } from '../features/account/account-saga';
import { accountSlice } from '../features/account/account-slice';
import { checkoutSaga } from '../features/checkout/checkout-saga';
import { checkoutSlice } from '../features/checkout/checkout-slice';
import { emailVerificationSaga } from '../features/email-verification/email-verification-saga';
import { emailVerificationSlice } from '../features/email-verification/email-verification-slice';
import { newsletterSaga } from '../features/landing/newsletter-saga';
import { newsletterSlice } from '../features/landing/newsletter-slice';
import { lessonHistorySaga } from '../features/lesson-history/lesson-history-saga';
import { lessonHistorySlice } from '../features/lesson-history/lesson-history-slice';
import { loginSaga } from '../features/login/login-saga';
import { loginSlice } from '../features/login/login-slice';
import { practiceSaga } from '../features/practice/practice-saga';
import { practiceSlice } from '../features/practice/practice-slice';
import { progressSaga } from '../features/progress/progress-saga';
import { progressSlice } from '../features/progress/progress-slice';
import { weeklyGoalSaga } from '../features/progress/weekly-goal-saga';
import { weeklyGoalSlice } from '../features/progress/weekly-goal-slice';
import { passwordRecoverySaga } from '../features/password-recovery/password-recovery-saga';
import { passwordRecoverySlice } from '../features/password-recovery/password-recovery-slice';
import { registrationSaga } from '../features/registration/registration-saga';
import { registrationSlice } from '../features/registration/registration-slice';
import { readStoredToken } from '../lib/session/auth-token';
import { sessionSaga } from '../lib/session/session-saga';
import { sessionSlice } from '../lib/session/session-slice';
import { subscriptionSyncSaga } from '../lib/session/subscription-sync-saga';

// Features add their slice here and their saga to rootSaga.
const rootReducer = combineSlices(
  sessionSlice,
  newsletterSlice,
  registrationSlice,
  loginSlice,
  emailVerificationSlice,
  passwordRecoverySlice,
  checkoutSlice,
  accountSlice,
  progressSlice,
  practiceSlice,
  lessonHistorySlice,
  weeklyGoalSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

function* rootSaga() {
  yield all([
    fork(sessionSaga),
    fork(subscriptionSyncSaga),
    fork(newsletterSaga),
    fork(registrationSaga),
    fork(loginSaga),
    fork(emailVerificationSaga),
    fork(passwordRecoverySaga),
    fork(checkoutSaga),
    fork(practiceSaga),
    fork(accountSaga),
    fork(progressSaga),
    fork(lessonHistorySaga),
    fork(weeklyGoalSaga),
  ]);
}

/** What the browser already knows at start: the stored token. */
export const initialStateFromBrowser = (): Partial<RootState> => ({
  session: { token: readStoredToken() },
});

export const createAppStore = (preloadedState: Partial<RootState> = initialStateFromBrowser()) => {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
};

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
