import { withoutSecrets } from './event-summary.js';

/** Event data fields that hold personal data (DESIGN.md: only the `customer-` stream has any). */
const PERSONAL_FIELDS = new Set(['email', 'firstname', 'lastname', 'country', 'name', 'address', 'ip']);

export const PERSONAL_PLACEHOLDER = '(personal data: --show-personal)';

/**
 * An event's data as the store browser shows it: never a secret, and personal data only when the
 * operator asks for it.
 */
export const shownData = (
  data: unknown,
  showPersonal: boolean,
  placeholder: string = PERSONAL_PLACEHOLDER,
): unknown => {
  const clean = withoutSecrets(data);
  if (showPersonal || clean === null || typeof clean !== 'object' || Array.isArray(clean)) return clean;
  return Object.fromEntries(
    Object.entries(clean).map(([key, value]) => [key, PERSONAL_FIELDS.has(key) ? placeholder : value]),
  );
};
