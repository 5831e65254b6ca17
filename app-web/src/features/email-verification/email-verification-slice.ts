import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FieldErrors } from '@stickwork/domain';

export interface EmailVerificationState {
  /** Exchanging the mailed secret for a token. */
  link: { status: 'idle' | 'confirming' | 'confirmed' | 'failed'; message: string | null };
  /** Requesting a new verification mail. */
  request: {
    status: 'idle' | 'sending' | 'sent' | 'failed';
    message: string | null;
    fieldErrors: FieldErrors;
  };
}

const initialState: EmailVerificationState = {
  link: { status: 'idle', message: null },
  request: { status: 'idle', message: null, fieldErrors: {} },
};

export const emailVerificationSlice = createSlice({
  name: 'emailVerification',
  initialState,
  reducers: {
    opened: () => initialState,
    secretReceived: (state, _action: PayloadAction<string>) => {
      state.link = { status: 'confirming', message: null };
    },
    secretConfirmed: (state) => {
      state.link = { status: 'confirmed', message: null };
    },
    secretRejected: (state, action: PayloadAction<string>) => {
      state.link = { status: 'failed', message: action.payload };
    },
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
  },
  selectors: {
    selectVerificationLink: (state) => state.link,
    selectVerificationRequest: (state) => state.request,
  },
});

export const {
  opened,
  secretReceived,
  secretConfirmed,
  secretRejected,
  mailRequested,
  mailRejected,
  mailRequestSent,
  mailSent,
  mailFailed,
} = emailVerificationSlice.actions;
export const { selectVerificationLink, selectVerificationRequest } = emailVerificationSlice.selectors;
