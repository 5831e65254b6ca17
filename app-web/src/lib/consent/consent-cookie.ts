import Cookies from 'js-cookie';

/** Consent cookie of product-spec §3 and §9. */
export const CONSENT_COOKIE = 'gdpr-cookie';
export const CONSENT_MAX_AGE_SECONDS = 31_536_000;

export interface ConsentPreference {
  /** First-party login cookie: required, always true. */
  stickwork: true;
  /** Card payment provider: required, always true. */
  stripe: true;
  /** Video provider (functional). */
  vimeo: boolean;
  /** Analytics provider (marketing). */
  googleAnalytics: boolean;
  consentSeen: boolean;
}

export const DEFAULT_CONSENT: ConsentPreference = {
  stickwork: true,
  stripe: true,
  vimeo: false,
  googleAnalytics: false,
  consentSeen: false,
};

/**
 * Reads a stored cookie value. Anything unreadable falls back to the default, so the dialog shows
 * again rather than assuming consent; the required entries are always true whatever was stored.
 */
export const parseConsent = (raw: string | undefined): ConsentPreference => {
  if (!raw) return DEFAULT_CONSENT;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return DEFAULT_CONSENT;
    const stored = value as Record<string, unknown>;
    return {
      stickwork: true,
      stripe: true,
      vimeo: stored.vimeo === true,
      googleAnalytics: stored.googleAnalytics === true,
      consentSeen: stored.consentSeen === true,
    };
  } catch {
    return DEFAULT_CONSENT;
  }
};

export const readConsent = (): ConsentPreference => parseConsent(Cookies.get(CONSENT_COOKIE));

export const writeConsent = (preference: ConsentPreference): void => {
  Cookies.set(CONSENT_COOKIE, JSON.stringify(preference), {
    path: '/',
    sameSite: 'Lax',
    'max-age': String(CONSENT_MAX_AGE_SECONDS),
    expires: CONSENT_MAX_AGE_SECONDS / 86_400,
  });
};

export const shouldAskForConsent = (preference: ConsentPreference): boolean => !preference.consentSeen;
