import { combineSlices } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expAt, fakeToken } from '../../testing/fake-token';
import { jsonResponse, startSaga, stubApi } from '../../testing/saga-harness';
import { sessionSlice, subscriptionSyncRequested } from './session-slice';
import { subscriptionSyncSaga } from './subscription-sync-saga';

const NOW = Date.UTC(2026, 2, 1);
const token = fakeToken({ exp: expAt(NOW) + 3600, subscription_status: 'active', activeTier: 'freemium' });
const leave = vi.fn();
const reducer = combineSlices(sessionSlice);

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  leave.mockClear();
});

const start = (stored: string | null = token) => {
  const saga = startSaga(
    function* () {
      yield* subscriptionSyncSaga({ now: () => NOW, leave });
    },
    reducer,
    { session: { token: stored } },
  );
  saga.dispatch(subscriptionSyncRequested());
  return saga;
};

/** Lets the saga finish what it started (it puts nothing when all is in step). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('subscription sync', () => {
  it('keeps the token when the server says the same', async () => {
    const api = stubApi({
      'GET /api/customer-info/subscription-status': () =>
        jsonResponse(200, { status: 'active', activeTier: 'freemium' }),
    });
    const saga = start();
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    await settle();
    expect(saga.types()).toEqual(['session/subscriptionSyncRequested']);
    expect(api.calls()[0]?.token).toBe(token);
    saga.stop();
  });

  it('stores a refreshed token when the plan differs', async () => {
    const api = stubApi({
      'GET /api/customer-info/subscription-status': () =>
        jsonResponse(200, { status: 'trialing', activeTier: 'premium' }),
      'GET /api/authenticate/update-jwt': () => jsonResponse(200, { token: 'fresh.token.x' }),
    });
    const saga = start();
    await saga.waitFor('session/tokenReceived');
    expect(saga.state().session.token).toBe('fresh.token.x');
    expect(api.calls().map((c) => c.request)).toEqual([
      'GET /api/customer-info/subscription-status',
      'GET /api/authenticate/update-jwt',
    ]);
    expect(leave).not.toHaveBeenCalled();
    saga.stop();
  });

  it('logs out when the refresh fails', async () => {
    stubApi({
      'GET /api/customer-info/subscription-status': () =>
        jsonResponse(200, { status: 'canceled', activeTier: 'freemium' }),
      'GET /api/authenticate/update-jwt': () => jsonResponse(500, { message: 'x' }),
    });
    const saga = start();
    await saga.waitFor('session/loggedOut');
    expect(saga.state().session.token).toBeNull();
    expect(console.error).toHaveBeenCalledWith('Could not update JWT - user will be logged out.');
    expect(leave).toHaveBeenCalledTimes(1);
    saga.stop();
  });

  it('logs out on a 401 from the status check', async () => {
    stubApi({
      'GET /api/customer-info/subscription-status': () => jsonResponse(401, { message: 'x' }),
    });
    const saga = start();
    await saga.waitFor('session/loggedOut');
    expect(console.error).toHaveBeenCalledWith('User not authorized');
    expect(leave).toHaveBeenCalledTimes(1);
    saga.stop();
  });

  it('keeps the session when the check cannot reach the server', async () => {
    const api = stubApi({
      'GET /api/customer-info/subscription-status': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const saga = start();
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalledTimes(1));
    await settle();
    expect(saga.state().session.token).toBe(token);
    saga.stop();
  });

  it('asks nothing without a valid token', async () => {
    const api = stubApi({});
    start(null);
    start(fakeToken({ exp: expAt(NOW) - 1 }));
    await settle();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
