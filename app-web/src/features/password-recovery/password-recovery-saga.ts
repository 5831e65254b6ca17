import { changePasswordRequestSchema, fieldErrors } from '@stickwork/domain';
import { call, delay, put, takeLatest } from 'redux-saga/effects';
import { ApiError, apiRequest } from '../../lib/api-client';
import { responseText } from '../../lib/network-messages';
import { tokenReceived } from '../../lib/session/session-slice';
import {
  changeFailed,
  changeRejected,
  changeRequestSent,
  changeSubmitted,
  loggedInWithNewPassword,
  mailRequested,
  passwordChanged,
  passwordRecoverySlice,
} from './password-recovery-slice';
import { requestMail } from '../../lib/mail-request';

/** Product-spec §8, word for word. */
export const recoveryMailSent = (email: string) =>
  `Password recovery email sent successfully to ${email}, please check your emails and follow our instructions. In case that you don't find the email, please check your Spam folder first :)`;
export const RECOVERY_UNAVAILABLE = 'The account is already verified or does not exist.';
export const PASSWORD_UPDATED = 'Password was updated, you will be logged in right away!';
export const SOMETHING_WENT_WRONG = 'Something went wrong.';

/** How long 'Password was updated' stays before the login takes over. */
export const LOGIN_AFTER_CHANGE_MS = 1500;

function* requestRecoveryMail(action: ReturnType<typeof mailRequested>) {
  yield* requestMail(passwordRecoverySlice.actions, action.payload, {
    path: (email) => `/api/pw-recovery?email=${encodeURIComponent(email)}`,
    sent: recoveryMailSent,
    failed: (error) =>
      error instanceof ApiError && error.status === 404 ? RECOVERY_UNAVAILABLE : responseText(error),
  });
}

function* changePassword(loginDelayMs: number, action: ReturnType<typeof changeSubmitted>) {
  const validation = fieldErrors(changePasswordRequestSchema, action.payload);
  if (!validation.ok) {
    const passwordError = validation.errors.password?.[0];
    // A broken secret is not the visitor's typing: it fails like a refused change.
    yield put(passwordError ? changeRejected(passwordError) : changeFailed(SOMETHING_WENT_WRONG));
    return;
  }
  yield put(changeRequestSent());
  let token: string;
  try {
    ({ token } = (yield call(apiRequest, '/api/pw-recovery/change-password', {
      method: 'POST',
      body: validation.value,
      token: null,
    })) as { token: string });
  } catch {
    yield put(changeFailed(SOMETHING_WENT_WRONG));
    return;
  }
  yield put(passwordChanged(PASSWORD_UPDATED));
  yield delay(loginDelayMs);
  yield put(tokenReceived(token));
  yield put(loggedInWithNewPassword());
}

/** Password recovery (product-spec §2): the recovery mail, then the new password with the mailed secret. */
export function* passwordRecoverySaga(loginDelayMs = LOGIN_AFTER_CHANGE_MS) {
  yield takeLatest(mailRequested.type, requestRecoveryMail);
  yield takeLatest(changeSubmitted.type, changePassword, loginDelayMs);
}
