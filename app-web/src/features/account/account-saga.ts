import { call, put, takeLatest } from 'redux-saga/effects';
import { match } from 'ts-pattern';
import { requestFailureOf } from '../../lib/request-failure';
import { loggedOut, sessionExpired } from '../../lib/session/session-slice';
import {
  cancelSubscription,
  deleteAccount,
  deleteCustomerData,
  fetchCustomerInfo,
  fetchCustomerPortalUrl,
} from './account-api';
import type { CustomerInfo } from '@stickwork/domain';
import {
  accountDeletionConfirmed,
  accountDeletionCompleted,
  accountDeletionFailed,
  accountSessionEnded,
  accountSettingsOpened,
  cancelSubscriptionConfirmed,
  customerInfoLoaded,
  customerInfoLoadFailed,
  manageSubscriptionClicked,
  subscriptionActionFailed,
} from './account-slice';

export interface AccountDependencies {
  fetchCustomerInfo: typeof fetchCustomerInfo;
  fetchCustomerPortalUrl: typeof fetchCustomerPortalUrl;
  cancelSubscription: typeof cancelSubscription;
  deleteCustomerData: typeof deleteCustomerData;
  deleteAccount: typeof deleteAccount;
  /** Leaves the app for the payment provider's portal. */
  openExternal: (url: string) => void;
  reloadPage: () => void;
  logError: (message: string, error: unknown) => void;
}

const browserDependencies: AccountDependencies = {
  fetchCustomerInfo,
  fetchCustomerPortalUrl,
  cancelSubscription,
  deleteCustomerData,
  deleteAccount,
  openExternal: (url) => window.location.assign(url),
  reloadPage: () => window.location.reload(),
  logError: (message, error) => console.error(message, error),
};

/** A 403 clears the session and goes to /log-out; a 401 logs out (product-spec §4, §8). */
export function* loadCustomerInfo(dependencies: AccountDependencies) {
  try {
    const info: CustomerInfo = yield call(dependencies.fetchCustomerInfo);
    yield put(customerInfoLoaded(info));
  } catch (error) {
    const reaction = match(requestFailureOf(error))
      .with({ status: 403 }, () => [sessionExpired(), accountSessionEnded('/log-out')])
      .with({ status: 401 }, () => [loggedOut(), accountSessionEnded('/')])
      .otherwise(() => {
        dependencies.logError('Could not load the account.', error);
        return [customerInfoLoadFailed()];
      });
    for (const action of reaction) yield put(action);
  }
}

export function* openCustomerPortal(dependencies: AccountDependencies) {
  try {
    const { url }: { url: string } = yield call(dependencies.fetchCustomerPortalUrl);
    yield call(dependencies.openExternal, url);
  } catch (error) {
    dependencies.logError('Could not open the customer portal.', error);
    yield put(subscriptionActionFailed());
  }
}

/** Cancelling reloads the page, which then shows until when the plan can be used. */
export function* cancelRunningSubscription(dependencies: AccountDependencies) {
  try {
    yield call(dependencies.cancelSubscription);
    yield call(dependencies.reloadPage);
  } catch (error) {
    dependencies.logError('Could not cancel the subscription.', error);
    yield put(subscriptionActionFailed());
  }
}

/** Customer data first, then the account; only then the customer is logged out and sent home. */
export function* deleteWholeAccount(dependencies: AccountDependencies) {
  try {
    yield call(dependencies.deleteCustomerData);
    yield call(dependencies.deleteAccount);
  } catch (error) {
    dependencies.logError('Could not delete the account.', error);
    yield put(accountDeletionFailed());
    return;
  }
  yield put(loggedOut());
  yield put(accountDeletionCompleted());
}

export function* accountSaga(dependencies: AccountDependencies = browserDependencies) {
  yield takeLatest(accountSettingsOpened.type, loadCustomerInfo, dependencies);
  yield takeLatest(manageSubscriptionClicked.type, openCustomerPortal, dependencies);
  yield takeLatest(cancelSubscriptionConfirmed.type, cancelRunningSubscription, dependencies);
  yield takeLatest(accountDeletionConfirmed.type, deleteWholeAccount, dependencies);
}
