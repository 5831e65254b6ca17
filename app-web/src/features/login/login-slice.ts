import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FieldErrors } from '@stickwork/domain';

export type LoginStatus = 'editing' | 'submitting' | 'succeeded';

export interface LoginState {
  status: LoginStatus;
  fieldErrors: FieldErrors;
}

const initialState: LoginState = { status: 'editing', fieldErrors: {} };

export const loginSlice = createSlice({
  name: 'login',
  initialState,
  reducers: {
    opened: () => initialState,
    submitted: (_state, _action: PayloadAction<{ email: string; password: string }>) => {},
    requestSent: (state) => {
      state.status = 'submitting';
      state.fieldErrors = {};
    },
    /** Invalid input, or the server's answer shown under the email field. */
    rejected: (state, action: PayloadAction<FieldErrors>) => {
      state.status = 'editing';
      state.fieldErrors = action.payload;
    },
    succeeded: (state) => {
      state.status = 'succeeded';
    },
  },
  selectors: {
    selectLoginStatus: (state) => state.status,
    selectLoginErrors: (state) => state.fieldErrors,
  },
});

export const { opened, submitted, requestSent, rejected, succeeded } = loginSlice.actions;
export const { selectLoginStatus, selectLoginErrors } = loginSlice.selectors;
