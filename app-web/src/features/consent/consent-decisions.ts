import type { ConsentPreference } from '../../lib/consent/consent-cookie';

/** The optional switches of the dialog; the required cookies are not a choice. */
export interface ConsentSelection {
  vimeo: boolean;
  googleAnalytics: boolean;
}

/** product-spec §9: Accept All waits this long before reloading. */
export const ACCEPT_ALL_RELOAD_DELAY_MS = 300;

const withSelection = (selection: ConsentSelection): ConsentPreference => ({
  stickwork: true,
  stripe: true,
  vimeo: selection.vimeo,
  googleAnalytics: selection.googleAnalytics,
  consentSeen: true,
});

/** Decline Unrequired and the close button: only the required cookies. */
export const declineUnrequired = (): ConsentPreference =>
  withSelection({ vimeo: false, googleAnalytics: false });

export const acceptAll = (): ConsentPreference => withSelection({ vimeo: true, googleAnalytics: true });

export const acceptSelection = (selection: ConsentSelection): ConsentPreference => withSelection(selection);

export const selectionOf = (preference: ConsentPreference): ConsentSelection => ({
  vimeo: preference.vimeo,
  googleAnalytics: preference.googleAnalytics,
});
