import {
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  CONSENT_COOKIE_NAME,
  DEFAULT_CONSENT_PREFERENCE,
  hasAnalyticsConsent,
  isConsentDialogNeeded,
  parseConsentPreference,
  serializeConsentPreference,
  type ConsentPreference,
} from './consent-machine';
import Cookies from 'js-cookie';

/** Consent cookie of product-spec §3 and §9; its shape and rules live in the consent machine. */
export type { ConsentPreference };
export const CONSENT_COOKIE = CONSENT_COOKIE_NAME;
export const CONSENT_MAX_AGE_SECONDS = CONSENT_COOKIE_MAX_AGE_SECONDS;
export const DEFAULT_CONSENT = DEFAULT_CONSENT_PREFERENCE;

/**
 * A stored cookie value as a preference. Anything missing or unreadable is the default (nothing
 * optional allowed, not seen), so the dialog asks again rather than assuming consent.
 */
export const parseConsent = (raw: string | undefined): ConsentPreference =>
  parseConsentPreference(raw) ?? DEFAULT_CONSENT;

/** The stored preference, or null when there is no readable cookie (the consent machine's input). */
export const readStoredConsent = (): ConsentPreference | null =>
  parseConsentPreference(Cookies.get(CONSENT_COOKIE));

export const readConsent = (): ConsentPreference => readStoredConsent() ?? DEFAULT_CONSENT;

export const writeConsent = (preference: ConsentPreference): void => {
  Cookies.set(CONSENT_COOKIE, serializeConsentPreference(preference), {
    path: '/',
    sameSite: 'Lax',
    'max-age': String(CONSENT_MAX_AGE_SECONDS),
    expires: CONSENT_MAX_AGE_SECONDS / 86_400,
  });
};

export const shouldAskForConsent = (preference: ConsentPreference | null): boolean =>
  isConsentDialogNeeded(preference);

export const analyticsAllowed = (): boolean => hasAnalyticsConsent(readStoredConsent());
