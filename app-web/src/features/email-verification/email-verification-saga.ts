import { emailQuerySchema, fieldErrors } from '@stickwork/domain';
import { call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, apiRequest } from '../../lib/api-client';
import { responseText } from '../../lib/network-messages';
import { tokenReceived } from '../../lib/session/session-slice';
import {
  mailFailed,
  mailRejected,
  mailRequested,
  mailRequestSent,
  mailSent,
  secretConfirmed,
  secretReceived,
  secretRejected,
} from './email-verification-slice';

/** Product-spec §8, word for word. */
export const verificationMailSent = (email: string) =>
  `Validation email send successfully to ${email}, please check your emails!`;
export const verificationMailUnavailable = (email: string) =>
  `The email ${email} is already verified or does not exist.`;

function* confirmSecret(action: ReturnType<typeof secretReceived>) {
  try {
    const { token }: { token: string } = yield call(
      apiRequest,
      `/api/verify/email?secret=${encodeURIComponent(action.payload)}`,
      { token: null },
    );
    yield put(tokenReceived(token));
    yield put(secretConfirmed());
  } catch (error) {
    yield put(secretRejected(responseText(error)));
  }
}

function* requestMail(action: ReturnType<typeof mailRequested>) {
  const validation = fieldErrors(emailQuerySchema, action.payload);
  if (!validation.ok) {
    yield put(mailRejected(validation.errors));
    return;
  }
  const { email } = validation.value;
  yield put(mailRequestSent());
  try {
    yield call(apiRequest, `/api/verify/email/request-verification?email=${encodeURIComponent(email)}`, {
      token: null,
    });
    yield put(mailSent(verificationMailSent(email)));
  } catch (error) {
    // Unknown or verified (404, 409) get §8's sentence; rate limits and outages say what they are.
    const unavailable = error instanceof ApiError && (error.status === 404 || error.status === 409);
    yield put(mailFailed(unavailable ? verificationMailUnavailable(email) : responseText(error)));
  }
}

/** Email verification (product-spec §2): the mailed secret for a token, and new verification mails. */
export function* emailVerificationSaga() {
  yield takeLatest(secretReceived.type, confirmSecret);
  yield takeLatest(mailRequested.type, requestMail);
}
