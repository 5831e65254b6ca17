import { INPUT_LIMITS } from './validation-messages.js';

export const TIME_ZONE_HEADER = 'time-zone';
export const FALLBACK_TIME_ZONE = 'UTC';

// IANA names only ("Europe/Berlin", "Etc/GMT+1", "UTC"); Intl would also take offsets such as "+01:00".
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * The customer's time zone from the `time-zone` header (DESIGN.md plans): a valid IANA zone as sent
 * (not canonicalised: ICU would rename America/Argentina/Buenos_Aires), or UTC for anything missing,
 * repeated, malformed or unknown.
 */
export const resolveTimeZone = (header: unknown): string => {
  if (typeof header !== 'string') return FALLBACK_TIME_ZONE;
  const name = header.trim();
  if (name.length > INPUT_LIMITS.timeZoneMaxLength || !IANA_NAME.test(name)) return FALLBACK_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
};
