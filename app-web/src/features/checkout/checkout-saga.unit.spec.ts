import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loggedOut, tokenReceived } from '../../lib/session/session-slice';
import { checkoutReturn, type CheckoutReturnDependencies } from './checkout-saga';
import {
  checkoutCompleted,
  checkoutNotCompleted,
  checkoutSlice,
  returnVisited,
  sessionStillOpen,
} from './checkout-slice';

type Status = 'open' | 'complete' | 'expired';

/** Runs the whole return workflow for one session and returns what it dispatched and called. */
const runReturn = async (status: Status | Error, refresh: string | Error = 'fresh.token.jwt') => {
  const dispatched: UnknownAction[] = [];
  const dependencies: CheckoutReturnDependencies = {
    fetchSessionStatus: vi.fn(async () => {
      if (status instanceof Error) throw status;
      return { status, customer_email: 'ringo@example.com' };
    }),
    fetchRefreshedToken: vi.fn(async () => {
      if (refresh instanceof Error) throw refresh;
      return { token: refresh };
    }),
    trackEvent: vi.fn(() => true),
    logError: vi.fn(),
  };
  await runSaga(
    { dispatch: (action: UnknownAction) => void dispatched.push(action), getState: () => ({}) },
    checkoutReturn,
    dependencies,
    returnVisited({ sessionId: 'cs_local_abc' }),
  ).toPromise();
  return { dispatched, dependencies };
};

describe('the checkout return', () => {
  it('a complete session: analytics event, refreshed token, then the success page with the email', async () => {
    const { dispatched, dependencies } = await runReturn('complete');
    expect(dependencies.fetchSessionStatus).toHaveBeenCalledWith('cs_local_abc');
    expect(dependencies.trackEvent).toHaveBeenCalledWith('subscription_checkout_completed');
    expect(dispatched).toEqual([
      tokenReceived('fresh.token.jwt'),
      checkoutCompleted({ customerEmail: 'ringo@example.com' }),
    ]);
    const state = dispatched.reduce(checkoutSlice.reducer, checkoutSlice.getInitialState());
    expect(state).toEqual({ returnStatus: 'complete', customerEmail: 'ringo@example.com' });
  });

  it('an open session goes back to checkout, without refreshing anything', async () => {
    const { dispatched, dependencies } = await runReturn('open');
    expect(dispatched).toEqual([sessionStillOpen()]);
    expect(dependencies.fetchRefreshedToken).not.toHaveBeenCalled();
  });

  it('an expired session, or a failed status call, shows nothing', async () => {
    expect((await runReturn('expired')).dispatched).toEqual([checkoutNotCompleted()]);
    expect(
      (await runReturn(new ApiError(404, 'There is no checkout session with this id.', null))).dispatched,
    ).toEqual([checkoutNotCompleted()]);
  });

  it('a status the API does not name shows nothing either, and refreshes nothing', async () => {
    const { dispatched, dependencies } = await runReturn('paid_elsewhere' as Status);
    expect(dispatched).toEqual([checkoutNotCompleted()]);
    expect(dependencies.fetchRefreshedToken).not.toHaveBeenCalled();
  });

  it('logs the customer out when the token refresh fails', async () => {
    const { dispatched, dependencies } = await runReturn(
      'complete',
      new ApiError(401, 'User not authorized', null),
    );
    expect(dispatched).toEqual([loggedOut(), checkoutNotCompleted()]);
    expect(dependencies.logError).toHaveBeenCalledWith(
      'Could not update JWT - user will be logged out.',
      expect.any(ApiError),
    );
  });
});
