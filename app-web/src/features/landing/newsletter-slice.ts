import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type NewsletterStatus = 'idle' | 'submitting' | 'succeeded' | 'failed';

export interface NewsletterState {
  status: NewsletterStatus;
  /** What the service answered, or why it failed. */
  message: string | null;
}

const initialState: NewsletterState = { status: 'idle', message: null };

export const newsletterSlice = createSlice({
  name: 'newsletter',
  initialState,
  reducers: {
    signUpRequested: (state, _action: PayloadAction<{ email: string }>) => {
      state.status = 'submitting';
      state.message = null;
    },
    signUpSucceeded: (state, action: PayloadAction<string>) => {
      state.status = 'succeeded';
      state.message = action.payload;
    },
    signUpFailed: (state, action: PayloadAction<string>) => {
      state.status = 'failed';
      state.message = action.payload;
    },
  },
  selectors: {
    selectNewsletterStatus: (state) => state.status,
    selectNewsletterMessage: (state) => state.message,
  },
});

export const { signUpRequested, signUpSucceeded, signUpFailed } = newsletterSlice.actions;
export const { selectNewsletterStatus, selectNewsletterMessage } = newsletterSlice.selectors;
