import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loggedOut, sessionExpired } from '../../lib/session/session-slice';
import type { CustomerInfo } from '@stickwork/domain';
import { customerInfo } from '../../testing/customer-info';
import {
  cancelRunningSubscription,
  deleteWholeAccount,
  loadCustomerInfo,
  openCustomerPortal,
  type AccountDependencies,
} from './account-saga';
import {
  accountDeletionFailed,
  accountDeletionCompleted,
  accountSessionEnded,
  accountSlice,
  customerInfoLoaded,
  customerInfoLoadFailed,
  subscriptionActionFailed,
} from './account-slice';

const info: CustomerInfo = customerInfo();

const dependenciesWith = (overrides: Partial<AccountDependencies> = {}): AccountDependencies => ({
  fetchCustomerInfo: vi.fn(async () => info),
  fetchCustomerPortalUrl: vi.fn(async () => ({ url: 'https://billing.example/portal' })),
  cancelSubscription: vi.fn(async () => ({})),
  deleteCustomerData: vi.fn(async () => ({})),
  deleteAccount: vi.fn(async () => ({})),
  openExternal: vi.fn(),
  reloadPage: vi.fn(),
  logError: vi.fn(),
  ...overrides,
});

const run = async (
  saga: (dependencies: AccountDependencies) => Generator,
  dependencies: AccountDependencies,
) => {
  const dispatched: UnknownAction[] = [];
  await runSaga(
    { dispatch: (action: UnknownAction) => void dispatched.push(action), getState: () => ({}) },
    saga,
    dependencies,
  ).toPromise();
  return dispatched;
};

const failing = (status: number) => async () => {
  throw new ApiError(status, 'nope', null);
};

describe('loading account settings', () => {
  it('shows the customer info', async () => {
    const dispatched = await run(loadCustomerInfo, dependenciesWith());
    expect(dispatched).toEqual([customerInfoLoaded(info)]);
    const state = dispatched.reduce(accountSlice.reducer, accountSlice.getInitialState());
    expect(state.info?.email).toBe('ringo@example.com');
  });

  it('a 403 clears the session and leaves for /log-out', async () => {
    const dispatched = await run(loadCustomerInfo, dependenciesWith({ fetchCustomerInfo: failing(403) }));
    expect(dispatched).toEqual([sessionExpired(), accountSessionEnded('/log-out')]);
  });

  it('a 401 logs out', async () => {
    const dispatched = await run(loadCustomerInfo, dependenciesWith({ fetchCustomerInfo: failing(401) }));
    expect(dispatched).toEqual([loggedOut(), accountSessionEnded('/')]);
  });

  it('any other failure keeps the session and says the page could not load', async () => {
    const dependencies = dependenciesWith({ fetchCustomerInfo: failing(500) });
    expect(await run(loadCustomerInfo, dependencies)).toEqual([customerInfoLoadFailed()]);
    expect(dependencies.logError).toHaveBeenCalled();
  });
});

describe('subscription actions', () => {
  it('manage subscription sends the browser to the portal url', async () => {
    const dependencies = dependenciesWith();
    expect(await run(openCustomerPortal, dependencies)).toEqual([]);
    expect(dependencies.openExternal).toHaveBeenCalledWith('https://billing.example/portal');
  });

  it('cancelling reloads the page; a failure does not', async () => {
    const dependencies = dependenciesWith();
    await run(cancelRunningSubscription, dependencies);
    expect(dependencies.cancelSubscription).toHaveBeenCalledOnce();
    expect(dependencies.reloadPage).toHaveBeenCalledOnce();

    const broken = dependenciesWith({ cancelSubscription: failing(400) });
    expect(await run(cancelRunningSubscription, broken)).toEqual([subscriptionActionFailed()]);
    expect(broken.reloadPage).not.toHaveBeenCalled();
  });
});

describe('deleting the account', () => {
  it('deletes the customer data, then the account, then logs out and goes home', async () => {
    const order: string[] = [];
    const dependencies = dependenciesWith({
      deleteCustomerData: vi.fn(async () => void order.push('customer-data')),
      deleteAccount: vi.fn(async () => void order.push('account')),
    });
    expect(await run(deleteWholeAccount, dependencies)).toEqual([loggedOut(), accountDeletionCompleted()]);
    expect(order).toEqual(['customer-data', 'account']);
  });

  it('a failed call keeps the customer logged in and shows the failure', async () => {
    const dependencies = dependenciesWith({ deleteCustomerData: failing(500) });
    const dispatched = await run(deleteWholeAccount, dependencies);
    expect(dispatched).toEqual([accountDeletionFailed()]);
    expect(dependencies.deleteAccount).not.toHaveBeenCalled();
    expect(dispatched.reduce(accountSlice.reducer, accountSlice.getInitialState()).deletion).toBe('failed');
  });
});
