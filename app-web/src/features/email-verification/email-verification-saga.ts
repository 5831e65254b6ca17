import { call, put, takeLatest } from 'redux-saga/effects';
import { match, P } from 'ts-pattern';
import { ApiError, apiRequest } from '../../lib/api-client';
import { responseText } from '../../lib/network-messages';
import { requestFailureOf } from '../../lib/request-failure';
import { tokenReceived } from '../../lib/session/session-slice';
import { requestMail } from '../../lib/mail-request';
import {
  emailVerificationSlice,
  mailRequested,
  secretAlreadyUsed,
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
    // 409: the address is verified already (the link was used before), which is good news.
    if (error instanceof ApiError && error.status === 409) yield put(secretAlreadyUsed());
    else yield put(secretRejected(responseText(error)));
  }
}

function* requestVerificationMail(action: ReturnType<typeof mailRequested>) {
  yield* requestMail(emailVerificationSlice.actions, action.payload, {
    path: (email) => `/api/verify/email/request-verification?email=${encodeURIComponent(email)}`,
    sent: verificationMailSent,
    // Unknown or verified (404, 409) get §8's sentence; rate limits and outages say what they are.
    failed: (error, email) =>
      match(requestFailureOf(error))
        .with({ status: P.union(404, 409) }, () => verificationMailUnavailable(email))
        .otherwise(() => responseText(error)),
  });
}

/** Email verification (product-spec §2): the mailed secret for a token, and new verification mails. */
export function* emailVerificationSaga() {
  yield takeLatest(secretReceived.type, confirmSecret);
  yield takeLatest(mailRequested.type, requestVerificationMail);
}
