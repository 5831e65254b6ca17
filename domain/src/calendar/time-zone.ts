export const TIME_ZONE_HEADER = 'time-zone';
export const FALLBACK_TIME_ZONE = 'UTC';
/** The longest zone name taken (generous: IANA names are far shorter). */
export const TIME_ZONE_MAX_LENGTH = 64;

// IANA names only ("Europe/Berlin", "Etc/GMT+1", "UTC"); Intl would also take offsets such as "+01:00".
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

const MAX_CHECKED_ZONES = 1000;
const checkedZones = new Map<string, boolean>();

/**
 * The customer's time zone from the `time-zone` header (DESIGN.md plans): a valid IANA zone as sent
 * (not canonicalised: ICU would rename America/Argentina/Buenos_Aires), or UTC for anything missing,
 * repeated, malformed or unknown.
 */
export const resolveTimeZone = (header: unknown): string => {
  if (typeof header !== 'string') return FALLBACK_TIME_ZONE;
  const name = header.trim();
  if (name.length > TIME_ZONE_MAX_LENGTH || !IANA_NAME.test(name)) return FALLBACK_TIME_ZONE;
  const known = checkedZones.get(name);
  if (known !== undefined) return known ? name : FALLBACK_TIME_ZONE;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    valid = false;
  }
  // Building an Intl.DateTimeFormat costs ~60 µs and every request asks: remember the answer.
  // Bounded, so a client inventing names cannot grow it forever.
  if (checkedZones.size >= MAX_CHECKED_ZONES) checkedZones.clear();
  checkedZones.set(name, valid);
  return valid ? name : FALLBACK_TIME_ZONE;
};

/** A time zone checked once at the HTTP edge: an IANA name Intl knows, or UTC. */
export type TimeZone = string & { readonly __brand: 'TimeZone' };

export const UTC_TIME_ZONE = FALLBACK_TIME_ZONE as TimeZone;
