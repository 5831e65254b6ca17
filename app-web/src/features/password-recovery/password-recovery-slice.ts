import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FieldErrors } from '@stickwork/domain';

export interface PasswordRecoveryState {
  /** 'Request email for password change'. */
  request: {
    status: 'idle' | 'sending' | 'sent' | 'failed';
    message: string | null;
    fieldErrors: FieldErrors;
  };
  /** 'Change Password'; `loggedIn` once the new token is stored. */
  change: {
    status: 'editing' | 'submitting' | 'changed' | 'loggedIn' | 'failed';
    message: string | null;
    /** Only the first message of the new password (product-spec §5). */
    passwordError: string | null;
  };
}

const initialState: PasswordRecoveryState = {
  request: { status: 'idle', message: null, fieldErrors: {} },
  change: { status: 'editing', message: null, passwordError: null },
};

export const passwordRecoverySlice = createSlice({
  name: 'passwordRecovery',
  initialState,
  reducers: {
    opened: () => initialState,
    mailRequested: (_state, _action: PayloadAction<{ email: string }>) => {},
    mailRejected: (state, action: PayloadAction<FieldErrors>) => {
      state.request = { status: 'idle', message: null, fieldErrors: action.payload };
    },
    mailRequestSent: (state) => {
      state.request = { status: 'sending', message: null, fieldErrors: {} };
    },
    mailSent: (state, action: PayloadAction<string>) => {
      state.request = { status: 'sent', message: action.payload, fieldErrors: {} };
    },
    mailFailed: (state, action: PayloadAction<string>) => {
      state.request = { status: 'failed', message: action.payload, fieldErrors: {} };
    },
    changeSubmitted: (_state, _action: PayloadAction<{ secret: string; password: string }>) => {},
    changeRejected: (state, action: PayloadAction<string>) => {
      state.change = { status: 'editing', message: null, passwordError: action.payload };
    },
    changeRequestSent: (state) => {
      state.change = { status: 'submitting', message: null, passwordError: null };
    },
    passwordChanged: (state, action: PayloadAction<string>) => {
      state.change = { status: 'changed', message: action.payload, passwordError: null };
    },
    changeFailed: (state, action: PayloadAction<string>) => {
      state.change = { status: 'failed', message: action.payload, passwordError: null };
    },
    loggedInWithNewPassword: (state) => {
      state.change.status = 'loggedIn';
    },
  },
  selectors: {
    selectRecoveryRequest: (state) => state.request,
    selectPasswordChange: (state) => state.change,
  },
});

export const {
  opened,
  mailRequested,
  mailRejected,
  mailRequestSent,
  mailSent,
  mailFailed,
  changeSubmitted,
  changeRejected,
  changeRequestSent,
  passwordChanged,
  changeFailed,
  loggedInWithNewPassword,
} = passwordRecoverySlice.actions;
export const { selectRecoveryRequest, selectPasswordChange } = passwordRecoverySlice.selectors;
