import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The checkout return (product-spec §4): the session's status decides where the customer goes;
 * a completed checkout refreshes the token. Workflow in checkout-saga.ts.
 */
export interface CheckoutState {
  returnStatus: 'idle' | 'checking' | 'open' | 'complete' | 'other';
  /** The email the confirmation goes to, shown on the success page. */
  customerEmail: string | null;
}

const initialState: CheckoutState = { returnStatus: 'idle', customerEmail: null };

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    returnVisited: (state, _action: PayloadAction<{ sessionId: string }>) => {
      state.returnStatus = 'checking';
    },
    sessionStillOpen: (state) => {
      state.returnStatus = 'open';
    },
    checkoutCompleted: (state, action: PayloadAction<{ customerEmail: string }>) => {
      state.returnStatus = 'complete';
      state.customerEmail = action.payload.customerEmail;
    },
    /** Expired, unknown or failed: the return page shows nothing. */
    checkoutNotCompleted: (state) => {
      state.returnStatus = 'other';
    },
  },
  selectors: {
    selectReturnStatus: (state) => state.returnStatus,
    selectCustomerEmail: (state) => state.customerEmail,
  },
});

export const { returnVisited, sessionStillOpen, checkoutCompleted, checkoutNotCompleted } =
  checkoutSlice.actions;
export const { selectReturnStatus, selectCustomerEmail } = checkoutSlice.selectors;
