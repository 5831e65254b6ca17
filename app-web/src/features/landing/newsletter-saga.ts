import { call, put, takeLatest } from 'redux-saga/effects';
import { match, P } from 'ts-pattern';
import { apiRequest } from '../../lib/api-client';
import { OFFLINE_MESSAGE } from '../../lib/network-messages';
import { requestFailureOf } from '../../lib/request-failure';
import { signUpFailed, signUpRequested, signUpSucceeded } from './newsletter-slice';

export const NEWSLETTER_ENDPOINT = '/api/newsletter';
export const NEWSLETTER_SUCCESS_FALLBACK =
  'Thanks for signing up! Please confirm your subscription with the link we just emailed you.';
export const NEWSLETTER_UNAVAILABLE =
  'The newsletter sign-up is not available right now. Please try again later.';
export const NEWSLETTER_OFFLINE = OFFLINE_MESSAGE;

const messageFrom = (response: unknown): string =>
  typeof response === 'object' &&
  response !== null &&
  'message' in response &&
  typeof response.message === 'string'
    ? response.message
    : NEWSLETTER_SUCCESS_FALLBACK;

export const failureMessage = (error: unknown): string =>
  match(requestFailureOf(error))
    // A missing or broken service is not the visitor's fault; their own input errors (400, 409) are shown.
    .with({ status: P.union(404, P.number.gte(500)) }, () => NEWSLETTER_UNAVAILABLE)
    .with({ status: P.number }, ({ message }) => message)
    .with({ status: null }, () => NEWSLETTER_OFFLINE)
    .exhaustive();

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
