import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from './analytics';
import { CONSENT_COOKIE, DEFAULT_CONSENT, writeConsent } from './consent/consent-cookie';

// jsdom's Blob has no text(); FileReader reads it.
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);

beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
});
afterEach(() => {
  sendBeacon.mockClear();
  Cookies.remove(CONSENT_COOKIE, { path: '/' });
});

describe('trackEvent', () => {
  it('sends nothing without analytics consent', () => {
    writeConsent({ ...DEFAULT_CONSENT, vimeo: true, consentSeen: true });
    expect(trackEvent('landing page visited')).toBe(false);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('sends nothing before any consent was given', () => {
    expect(trackEvent('sign_up')).toBe(false);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('beacons the event to /api/analytics with analytics consent', async () => {
    writeConsent({ ...DEFAULT_CONSENT, googleAnalytics: true, consentSeen: true });
    expect(trackEvent('registration_started', { step: 1 })).toBe(true);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/api/analytics');
    expect(JSON.parse(await readBlob(body as Blob))).toMatchObject({
      event: 'registration_started',
      params: { step: 1 },
    });
  });
});
