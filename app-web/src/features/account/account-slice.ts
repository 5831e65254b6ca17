import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CustomerInfo } from '@stickwork/domain';

/**
 * Account settings (product-spec §2): the customer info, the subscription actions and the account
 * deletion. Workflows in account-saga.ts.
 */
export interface AccountState {
  load: 'idle' | 'loading' | 'loaded' | 'failed';
  info: CustomerInfo | null;
  subscriptionAction: 'idle' | 'opening-portal' | 'canceling' | 'failed';
  deletion: 'idle' | 'deleting' | 'failed' | 'deleted';
  /** Where the page must go when the session ended (403/401 on load, account deleted). */
  leaveTo: '/log-out' | '/' | null;
}

const initialState: AccountState = {
  load: 'idle',
  info: null,
  subscriptionAction: 'idle',
  deletion: 'idle',
  leaveTo: null,
};

export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    accountSettingsOpened: (state) => {
      state.load = 'loading';
      state.leaveTo = null;
      state.deletion = 'idle';
      state.subscriptionAction = 'idle';
    },
    customerInfoLoaded: (state, action: PayloadAction<CustomerInfo>) => {
      state.load = 'loaded';
      state.info = action.payload;
    },
    customerInfoLoadFailed: (state) => {
      state.load = 'failed';
    },
    manageSubscriptionClicked: (state) => {
      state.subscriptionAction = 'opening-portal';
    },
    cancelSubscriptionConfirmed: (state) => {
      state.subscriptionAction = 'canceling';
    },
    subscriptionActionFailed: (state) => {
      state.subscriptionAction = 'failed';
    },
    accountDeletionConfirmed: (state) => {
      state.deletion = 'deleting';
    },
    accountDeletionFailed: (state) => {
      state.deletion = 'failed';
    },
    /** The account and its data are gone: the page leaves for the start page and says so. */
    accountDeletionCompleted: (state) => {
      state.deletion = 'deleted';
      state.leaveTo = '/';
      state.info = null;
    },
    accountSessionEnded: (state, action: PayloadAction<'/log-out' | '/'>) => {
      state.leaveTo = action.payload;
      state.info = null;
    },
  },
  selectors: {
    selectAccount: (state) => state,
  },
});

export const {
  accountSettingsOpened,
  customerInfoLoaded,
  customerInfoLoadFailed,
  manageSubscriptionClicked,
  cancelSubscriptionConfirmed,
  subscriptionActionFailed,
  accountDeletionConfirmed,
  accountDeletionFailed,
  accountDeletionCompleted,
  accountSessionEnded,
} = accountSlice.actions;
export const { selectAccount } = accountSlice.selectors;
