import { authenticateRequestSchema, fieldErrors } from '@stickwork/domain';
import { call, put, takeLatest } from 'redux-saga/effects';
import { apiRequest } from '../../lib/api-client';
import { responseText } from '../../lib/network-messages';
import { tokenReceived } from '../../lib/session/session-slice';
import { rejected, requestSent, submitted, succeeded } from './login-slice';

export const AUTHENTICATE_ENDPOINT = '/api/authenticate';

function* logIn(action: ReturnType<typeof submitted>) {
  const validation = fieldErrors(authenticateRequestSchema, action.payload);
  if (!validation.ok) {
    yield put(rejected(validation.errors));
    return;
  }
  yield put(requestSent());
  try {
    const { token }: { token: string } = yield call(apiRequest, AUTHENTICATE_ENDPOINT, {
      method: 'POST',
      body: validation.value,
      token: null,
    });
    yield put(tokenReceived(token));
    yield put(succeeded());
  } catch (error) {
    // Product-spec §8: the response body text goes under the email field.
    yield put(rejected({ email: [responseText(error)] }));
  }
}

/** Login (product-spec §2 "Login"): POST /api/authenticate, store the token. */
export function* loginSaga() {
  yield takeLatest(submitted.type, logIn);
}
