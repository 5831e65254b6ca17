import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { initialMailRequest, mailRequestReducers, type MailRequestState } from '../../lib/mail-request';

export interface EmailVerificationState {
  /** Exchanging the mailed secret for a token. */
  link: {
    status: 'idle' | 'confirming' | 'confirmed' | 'already-verified' | 'failed';
    message: string | null;
  };
  /** Requesting a new verification mail. */
  request: MailRequestState;
}

const initialState: EmailVerificationState = {
  link: { status: 'idle', message: null },
  request: initialMailRequest,
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
    /** The link was followed before (a second click): nothing is wrong, the address is verified. */
    secretAlreadyUsed: (state) => {
      state.link = { status: 'already-verified', message: null };
    },
    secretRejected: (state, action: PayloadAction<string>) => {
      state.link = { status: 'failed', message: action.payload };
    },
    ...mailRequestReducers<EmailVerificationState>(),
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
  secretAlreadyUsed,
  secretRejected,
  mailRequested,
  mailRejected,
  mailRequestSent,
  mailSent,
  mailFailed,
} = emailVerificationSlice.actions;
export const { selectVerificationLink, selectVerificationRequest } = emailVerificationSlice.selectors;
