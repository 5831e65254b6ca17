import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { OFFLINE_MESSAGE } from '../../lib/network-messages';
import { jsonResponse, startSaga, stubApi, textResponse } from '../../testing/saga-harness';
import { loginSaga } from './login-saga';
import { loginSlice, submitted } from './login-slice';

afterEach(() => vi.unstubAllGlobals());

const start = () => startSaga(loginSaga, loginSlice.reducer, loginSlice.getInitialState());

describe('login saga', () => {
  it('posts the credentials without a token, stores the returned one and succeeds', async () => {
    const api = stubApi({ 'POST /api/authenticate': () => jsonResponse(200, { token: 'a.b.c' }) });
    const saga = start();
    saga.dispatch(submitted({ email: ' ringo@example.com ', password: 'Paradiddle-42' }));
    await saga.waitFor('login/succeeded');
    expect(saga.actions.slice(1)).toEqual([
      { type: 'login/requestSent', payload: undefined },
      { type: 'session/tokenReceived', payload: 'a.b.c' },
      { type: 'login/succeeded', payload: undefined },
    ]);
    expect(api.calls()).toEqual([
      {
        request: 'POST /api/authenticate',
        body: { email: 'ringo@example.com', password: 'Paradiddle-42' },
        token: undefined,
      },
    ]);
    saga.stop();
  });

  it('shows the response body text under the email field', async () => {
    stubApi({ 'POST /api/authenticate': () => textResponse(401, 'Email or password is wrong.') });
    const saga = start();
    saga.dispatch(submitted({ email: 'ringo@example.com', password: 'wrong' }));
    await saga.waitFor('login/rejected');
    expect(saga.state()).toEqual({
      status: 'editing',
      fieldErrors: { email: ['Email or password is wrong.'] },
    });
    saga.stop();
  });

  it('checks the email (any top-level domain) and that a password is given before sending', async () => {
    const api = stubApi({ 'POST /api/authenticate': () => jsonResponse(200, { token: 'a.b.c' }) });
    const saga = start();
    saga.dispatch(submitted({ email: 'ringo@example', password: '' }));
    await saga.waitFor('login/rejected');
    expect(saga.state().fieldErrors).toEqual({ email: ['must be a valid email'], password: ['is required'] });
    expect(api.fetchMock).not.toHaveBeenCalled();

    saga.dispatch(submitted({ email: 'ringo@studio.drums', password: 'x' }));
    await saga.waitFor('login/succeeded');
    saga.stop();
  });

  it('says so when the service cannot be reached', async () => {
    stubApi({
      'POST /api/authenticate': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const saga = start();
    saga.dispatch(submitted({ email: 'ringo@example.com', password: 'x' }));
    await saga.waitFor('login/rejected');
    expect(saga.state().fieldErrors).toEqual({ email: [OFFLINE_MESSAGE] });
    saga.stop();
  });
});
