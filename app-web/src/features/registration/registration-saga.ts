import { fieldErrors, registerRequestSchema } from '@stickwork/domain';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { trackEvent } from '../../lib/analytics';
import { apiRequest } from '../../lib/api-client';
import { requestFailureOf } from '../../lib/request-failure';
import { tokenReceived } from '../../lib/session/session-slice';
import { failed, opened, rejected, requestSent, submitted, succeeded } from './registration-slice';

export const REGISTER_ENDPOINT = '/api/register';
export const FOCUS_ENDPOINT = '/api/focus';
export const EMAIL_TAKEN = 'email already in use';

function* trackStart() {
  yield call(trackEvent, 'registration_started');
}

function* register(action: ReturnType<typeof submitted>) {
  const { personalData, selfRating, acceptedAt } = action.payload;
  const validation = fieldErrors(registerRequestSchema, {
    ...personalData,
    dateTermsAndConditions: acceptedAt,
    newsletterSubscription: false,
  });
  if (!validation.ok) {
    yield put(rejected(validation.errors));
    return;
  }
  yield put(requestSent());
  let token: string;
  try {
    const response: { token: string } = yield call(apiRequest, REGISTER_ENDPOINT, {
      method: 'POST',
      body: validation.value,
      token: null,
    });
    token = response.token;
  } catch (error) {
    const { status } = requestFailureOf(error);
    if (status === 409) {
      yield put(rejected({ email: [EMAIL_TAKEN] }));
      return;
    }
    // Product-spec §8: the status is logged, the visitor sees the button come back.
    yield call([console, console.error], 'Registration failed with status', status);
    yield put(failed({ status }));
    return;
  }
  yield put(tokenReceived(token));
  try {
    yield call(apiRequest, FOCUS_ENDPOINT, { method: 'POST', body: { skillSelfRating: selfRating }, token });
  } catch (error) {
    // The account exists; the levels can still be set on the skills screen.
    yield call([console, console.error], 'Could not save the skill self-rating', error);
  }
  yield call(trackEvent, 'sign_up');
  yield put(succeeded());
}

/** Registration (product-spec §4 "Registration"): validate, POST /api/register, store the token, save the self-rating. */
export function* registrationSaga() {
  yield takeEvery(opened.type, trackStart);
  yield takeLatest(submitted.type, register);
}
