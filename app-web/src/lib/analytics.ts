import { analyticsAllowed } from './consent/consent-cookie';

/** The analytics events of product-spec §4; nothing else is recorded. */
export type AnalyticsEvent =
  'landing page visited' | 'registration_started' | 'sign_up' | 'subscription_checkout_completed';

export const ANALYTICS_ENDPOINT = '/api/analytics';

/**
 * Records an event, but only with marketing (analytics) consent. sendBeacon survives page unloads
 * and never blocks the UI. Returns whether the event was handed to the browser.
 */
export const trackEvent = (event: AnalyticsEvent, params: Record<string, string | number> = {}): boolean => {
  if (!analyticsAllowed()) return false;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const payload = JSON.stringify({ event, params, page: window.location.pathname });
  return navigator.sendBeacon(ANALYTICS_ENDPOINT, new Blob([payload], { type: 'application/json' }));
};
