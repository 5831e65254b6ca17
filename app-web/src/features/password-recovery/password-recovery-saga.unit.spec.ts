import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, startSaga, stubApi } from '../../testing/saga-harness';
import { passwordRecoverySaga } from './password-recovery-saga';
import { changeSubmitted, mailRequested, passwordRecoverySlice } from './password-recovery-slice';

afterEach(() => vi.unstubAllGlobals());

const start = () =>
  startSaga(
    function* () {
      yield* passwordRecoverySaga(0);
    },
    passwordRecoverySlice.reducer,
    passwordRecoverySlice.getInitialState(),
  );
const SECRET = 'h.'.padEnd(160, 'x');

describe('password recovery mail', () => {
  it('shows the §8 success text', async () => {
    stubApi({ 'GET /api/pw-recovery?email=ringo%40example.com': () => jsonResponse(200, { message: 'x' }) });
    const saga = start();
    saga.dispatch(mailRequested({ email: 'ringo@example.com' }));
    await saga.waitFor('passwordRecovery/mailSent');
    expect(saga.state().request.message).toBe(
      "Password recovery email sent successfully to ringo@example.com, please check your emails and follow our instructions. In case that you don't find the email, please check your Spam folder first :)",
    );
    saga.stop();
  });

  it('shows the §8 failure text for an unknown account', async () => {
    stubApi({ 'GET /api/pw-recovery?email=nobody%40example.com': () => jsonResponse(404, { message: 'x' }) });
    const saga = start();
    saga.dispatch(mailRequested({ email: 'nobody@example.com' }));
    await saga.waitFor('passwordRecovery/mailFailed');
    expect(saga.state().request.message).toBe('The account is already verified or does not exist.');
    saga.stop();
  });
});

describe('changing the password', () => {
  it('shows the success text, then stores the token', async () => {
    const api = stubApi({
      'POST /api/pw-recovery/change-password': () => jsonResponse(200, { token: 'n.e.w' }),
    });
    const saga = start();
    saga.dispatch(changeSubmitted({ secret: SECRET, password: 'Rimshot-2025' }));
    await saga.waitFor('passwordRecovery/loggedInWithNewPassword');
    expect(saga.types()).toEqual([
      'passwordRecovery/changeSubmitted',
      'passwordRecovery/changeRequestSent',
      'passwordRecovery/passwordChanged',
      'session/tokenReceived',
      'passwordRecovery/loggedInWithNewPassword',
    ]);
    expect(saga.actions[2]?.payload).toBe('Password was updated, you will be logged in right away!');
    expect(api.calls()).toEqual([
      {
        request: 'POST /api/pw-recovery/change-password',
        body: { secret: SECRET, password: 'Rimshot-2025' },
        token: undefined,
      },
    ]);
    saga.stop();
  });

  it('shows only the first password message', async () => {
    stubApi({});
    const saga = start();
    saga.dispatch(changeSubmitted({ secret: SECRET, password: 'abc' }));
    await saga.waitFor('passwordRecovery/changeRejected');
    expect(saga.state().change).toEqual({
      status: 'editing',
      message: null,
      passwordError: 'length must be at least 8 characters long',
    });
    saga.stop();
  });

  it("says 'Something went wrong.' when the change is refused or the secret is broken", async () => {
    stubApi({
      'POST /api/pw-recovery/change-password': () => jsonResponse(400, { message: 'link expired' }),
    });
    const saga = start();
    saga.dispatch(changeSubmitted({ secret: SECRET, password: 'Rimshot-2025' }));
    await saga.waitFor('passwordRecovery/changeFailed');
    expect(saga.state().change.message).toBe('Something went wrong.');

    saga.dispatch(changeSubmitted({ secret: 'short', password: 'Rimshot-2025' }));
    await vi.waitFor(() =>
      expect(saga.types().filter((t) => t === 'passwordRecovery/changeFailed')).toHaveLength(2),
    );
    expect(saga.types()).not.toContain('session/tokenReceived');
    saga.stop();
  });
});
