import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE,
  DEFAULT_CONSENT,
  parseConsent,
  readConsent,
  readStoredConsent,
  shouldAskForConsent,
  writeConsent,
} from './consent-cookie';

afterEach(() => {
  Cookies.remove(CONSENT_COOKIE, { path: '/' });
});

describe('parseConsent', () => {
  it('defaults to required cookies only and not seen when nothing is stored', () => {
    expect(parseConsent(undefined)).toEqual({
      stickwork: true,
      stripe: true,
      vimeo: false,
      googleAnalytics: false,
      consentSeen: false,
    });
  });

  it('falls back to the default for unreadable values', () => {
    expect(parseConsent('{not json')).toEqual(DEFAULT_CONSENT);
    expect(parseConsent('42')).toEqual(DEFAULT_CONSENT);
    expect(parseConsent('null')).toEqual(DEFAULT_CONSENT);
  });

  it('keeps the required cookies on whatever was stored', () => {
    const stored = JSON.stringify({ stickwork: false, stripe: false, vimeo: true, consentSeen: true });
    expect(parseConsent(stored)).toEqual({
      stickwork: true,
      stripe: true,
      vimeo: true,
      googleAnalytics: false,
      consentSeen: true,
    });
  });

  it('only accepts real booleans as consent', () => {
    expect(parseConsent(JSON.stringify({ vimeo: 'yes', googleAnalytics: 1, consentSeen: true })).vimeo).toBe(
      false,
    );
  });
});

describe('the gdpr-cookie', () => {
  it('round-trips what was written', () => {
    const preference = { ...DEFAULT_CONSENT, vimeo: true, consentSeen: true };
    writeConsent(preference);
    expect(readConsent()).toEqual(preference);
    expect(JSON.parse(Cookies.get(CONSENT_COOKIE) ?? '')).toEqual(preference);
  });

  it('asks for consent until it was seen', () => {
    expect(shouldAskForConsent(readStoredConsent())).toBe(true);
    writeConsent({ ...DEFAULT_CONSENT, consentSeen: true });
    expect(shouldAskForConsent(readStoredConsent())).toBe(false);
  });
});
