import { call, takeEvery } from 'redux-saga/effects';
import { clearStoredToken, storeToken } from './auth-token';
import { loggedOut, sessionExpired, tokenReceived } from './session-slice';

function* persistToken(action: ReturnType<typeof tokenReceived>) {
  yield call(storeToken, action.payload);
}

function* forgetToken() {
  yield call(clearStoredToken);
}

/** Keeps the cookie and localStorage in step with the session state. */
export function* sessionSaga() {
  yield takeEvery(tokenReceived.type, persistToken);
  yield takeEvery([loggedOut.type, sessionExpired.type], forgetToken);
}
