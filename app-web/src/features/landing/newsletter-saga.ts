import { call, put, takeLatest } from 'redux-saga/effects';
import { ApiError, apiRequest } from '../../lib/api-client';
import { signUpFailed, signUpRequested, signUpSucceeded } from './newsletter-slice';

export const NEWSLETTER_ENDPOINT = '/api/newsletter';
export const NEWSLETTER_SUCCESS_FALLBACK =
  'Thanks for signing up! Please confirm your subscription with the link we just emailed you.';
export const NEWSLETTER_UNAVAILABLE =
  'The newsletter sign-up is not available right now. Please try again later.';
export const NEWSLETTER_OFFLINE = 'We could not reach Stickwork. Please check your connection and try again.';

const messageFrom = (response: unknown): string =>
  typeof response === 'object' &&
  response !== null &&
  'message' in response &&
  typeof response.message === 'string'
    ? response.message
    : NEWSLETTER_SUCCESS_FALLBACK;

export const failureMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    // A missing or broken service is not the visitor's fault; their own input errors (400, 409) are shown.
    return error.status === 404 || error.status >= 500 ? NEWSLETTER_UNAVAILABLE : error.message;
  }
  return NEWSLETTER_OFFLINE;
};

function* signUp(action: ReturnType<typeof signUpRequested>) {
  try {
    const response: unknown = yield call(apiRequest, NEWSLETTER_ENDPOINT, {
      method: 'POST',
      body: { email: action.payload.email },
      token: null,
    });
    yield put(signUpSucceeded(messageFrom(response)));
  } catch (error) {
    yield put(signUpFailed(failureMessage(error)));
  }
}

export function* newsletterSaga() {
  yield takeLatest(signUpRequested.type, signUp);
}
