/**
 * '24 March 2026': how subscription dates read in mails and the payment portal. UTC, because
 * where these are written the customer's zone is not known.
 */
export const formatLongDateUtc = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
