import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { newsletterSlice } from '../features/landing/newsletter-slice';
import { readStoredToken } from '../lib/session/auth-token';
import { sessionSaga } from '../lib/session/session-saga';
import { sessionSlice } from '../lib/session/session-slice';
import { newsletterSaga } from '../features/landing/newsletter-saga';

// Features add their slice here and their saga to rootSaga.
const rootReducer = combineSlices(sessionSlice, newsletterSlice);

export type RootState = ReturnType<typeof rootReducer>;

function* rootSaga() {
  yield all([fork(sessionSaga), fork(newsletterSaga)]);
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
