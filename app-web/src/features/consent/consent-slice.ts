import { createSlice } from '@reduxjs/toolkit';

/**
 * Whether the consent dialog is on screen. It opens by itself until consent was given once
 * (the store's preloaded state reads the cookie), and again from "Cookie preferences".
 */
export interface ConsentDialogState {
  dialogOpen: boolean;
}

const initialState: ConsentDialogState = { dialogOpen: false };

export const consentSlice = createSlice({
  name: 'consent',
  initialState,
  reducers: {
    preferencesRequested: (state) => {
      state.dialogOpen = true;
    },
    /** The choice is stored; the page reloads right after, this only hides the dialog meanwhile. */
    consentGiven: (state) => {
      state.dialogOpen = false;
    },
  },
  selectors: {
    selectConsentDialogOpen: (state) => state.dialogOpen,
  },
});

export const { preferencesRequested, consentGiven } = consentSlice.actions;
export const { selectConsentDialogOpen } = consentSlice.selectors;
