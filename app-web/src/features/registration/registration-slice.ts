import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FieldErrors, SkillSelfRatingEntry } from '@stickwork/domain';

/** What the 'Personal Data' step collects. */
export interface PersonalData {
  firstname: string;
  lastname: string;
  country: string;
  email: string;
  password: string;
}

export type RegistrationStatus = 'editing' | 'submitting' | 'succeeded';

export interface RegistrationState {
  status: RegistrationStatus;
  /** Every message per field, from the shared schema or the server (409 on email). */
  fieldErrors: FieldErrors;
}

const initialState: RegistrationState = { status: 'editing', fieldErrors: {} };

export const registrationSlice = createSlice({
  name: 'registration',
  initialState,
  reducers: {
    /** The registration page opened: a fresh form and the 'registration_started' event. */
    opened: () => initialState,
    submitted: (
      _state,
      _action: PayloadAction<{
        personalData: PersonalData;
        selfRating: SkillSelfRatingEntry[];
        /** When the legal boxes were confirmed, ISO 8601. */
        acceptedAt: string;
      }>,
    ) => {},
    /** Valid input went out: the button is disabled and the loader shows. */
    requestSent: (state) => {
      state.status = 'submitting';
      state.fieldErrors = {};
    },
    rejected: (state, action: PayloadAction<FieldErrors>) => {
      state.status = 'editing';
      state.fieldErrors = action.payload;
    },
    /** Any other failure: the button comes back, no message (product-spec §8). */
    failed: (state, _action: PayloadAction<{ status: number | null }>) => {
      state.status = 'editing';
    },
    succeeded: (state) => {
      state.status = 'succeeded';
    },
  },
  selectors: {
    selectRegistrationStatus: (state) => state.status,
    selectRegistrationErrors: (state) => state.fieldErrors,
  },
});

export const { opened, submitted, requestSent, rejected, failed, succeeded } = registrationSlice.actions;
export const { selectRegistrationStatus, selectRegistrationErrors } = registrationSlice.selectors;
