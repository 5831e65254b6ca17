import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { decodeToken } from './jwt';

/**
 * The login session, shared by every feature (login, registration, verification and checkout store
 * a token; logout and expiry clear it). Storage side effects live in session-saga.ts.
 */
export interface SessionState {
  token: string | null;
}

const initialState: SessionState = { token: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    tokenReceived: (state, action: PayloadAction<string>) => {
      state.token = action.payload;
    },
    loggedOut: (state) => {
      state.token = null;
    },
    sessionExpired: (state) => {
      state.token = null;
    },
    /** App start or a new page while logged in: check the token's plan against the server's. */
    subscriptionSyncRequested: () => {},
  },
  selectors: {
    selectToken: (state) => state.token,
  },
});

export const { tokenReceived, loggedOut, sessionExpired, subscriptionSyncRequested } = sessionSlice.actions;
export const { selectToken } = sessionSlice.selectors;

export const selectTokenPayload = createSelector([selectToken], (token) =>
  token ? decodeToken(token) : null,
);

export const selectFirstName = createSelector([selectTokenPayload], (payload) => payload?.firstname ?? null);
