import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, startSaga, stubApi } from '../../testing/saga-harness';
import { emailVerificationSaga } from './email-verification-saga';
import { emailVerificationSlice, mailRequested, secretReceived } from './email-verification-slice';

afterEach(() => vi.unstubAllGlobals());

const start = () =>
  startSaga(emailVerificationSaga, emailVerificationSlice.reducer, emailVerificationSlice.getInitialState());

describe('email verification saga', () => {
  it('exchanges the secret for a token and stores it', async () => {
    const api = stubApi({
      'GET /api/verify/email?secret=s%2Bcret': () => jsonResponse(200, { token: 'v.t.k' }),
    });
    const saga = start();
    saga.dispatch(secretReceived('s+cret'));
    await saga.waitFor('emailVerification/secretConfirmed');
    expect(saga.actions).toContainEqual({ type: 'session/tokenReceived', payload: 'v.t.k' });
    expect(api.calls()[0]?.token).toBeUndefined();
    expect(saga.state().link).toEqual({ status: 'confirmed', message: null });
    saga.stop();
  });

  it("shows the service's reason for a refused link", async () => {
    const message = 'This verification link is invalid or has expired. Please request a new email.';
    stubApi({ 'GET /api/verify/email?secret=old': () => jsonResponse(400, { message }) });
    const saga = start();
    saga.dispatch(secretReceived('old'));
    await saga.waitFor('emailVerification/secretRejected');
    expect(saga.state().link).toEqual({ status: 'failed', message });
    expect(saga.types()).not.toContain('session/tokenReceived');
    saga.stop();
  });

  it('a link followed a second time says the address is verified, not that something failed', async () => {
    stubApi({
      'GET /api/verify/email?secret=used': () =>
        jsonResponse(409, { message: 'This email address is already verified.' }),
    });
    const saga = start();
    saga.dispatch(secretReceived('used'));
    await saga.waitFor('emailVerification/secretAlreadyUsed');
    expect(saga.state().link).toEqual({ status: 'already-verified', message: null });
    expect(saga.types()).not.toContain('emailVerification/secretRejected');
    saga.stop();
  });

  it('requests a new mail with the §8 success text', async () => {
    stubApi({
      'GET /api/verify/email/request-verification?email=ringo%40example.com': () =>
        jsonResponse(200, { message: 'ignored' }),
    });
    const saga = start();
    saga.dispatch(mailRequested({ email: 'ringo@example.com' }));
    await saga.waitFor('emailVerification/mailSent');
    expect(saga.state().request.message).toBe(
      'Validation email send successfully to ringo@example.com, please check your emails!',
    );
    saga.stop();
  });

  it.each([404, 409])('answers a %i with the §8 failure text', async (status) => {
    stubApi({
      'GET /api/verify/email/request-verification?email=ringo%40example.com': () =>
        jsonResponse(status, { message: 'x' }),
    });
    const saga = start();
    saga.dispatch(mailRequested({ email: 'ringo@example.com' }));
    await saga.waitFor('emailVerification/mailFailed');
    expect(saga.state().request).toEqual({
      status: 'failed',
      message: 'The email ringo@example.com is already verified or does not exist.',
      fieldErrors: {},
    });
    saga.stop();
  });

  it('checks the address before asking', async () => {
    const api = stubApi({});
    const saga = start();
    saga.dispatch(mailRequested({ email: 'ringo' }));
    await saga.waitFor('emailVerification/mailRejected');
    expect(saga.state().request.fieldErrors).toEqual({ email: ['must be a valid email'] });
    expect(api.fetchMock).not.toHaveBeenCalled();
    saga.stop();
  });
});
