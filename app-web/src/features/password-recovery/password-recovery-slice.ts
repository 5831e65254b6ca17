import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { initialMailRequest, mailRequestReducers, type MailRequestState } from '../../lib/mail-request';

export interface PasswordRecoveryState {
  /** 'Request email for password change'. */
  request: MailRequestState;
  /** 'Change Password'; `loggedIn` once the new token is stored. */
  change: {
    status: 'editing' | 'submitting' | 'changed' | 'loggedIn' | 'failed';
    message: string | null;
    /** Only the first message of the new password (product-spec §5). */
    passwordError: string | null;
  };
}

const initialState: PasswordRecoveryState = {
  request: initialMailRequest,
  change: { status: 'editing', message: null, passwordError: null },
};

export const passwordRecoverySlice = createSlice({
  name: 'passwordRecovery',
  initialState,
  reducers: {
    opened: () => initialState,
    ...mailRequestReducers<PasswordRecoveryState>(),
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
