/**
 * Event data fields that never leave the store, not in an export, not through the CLI: the
 * password hash, and the id of the recovery secret that changed a password.
 */
export const SECRET_EVENT_FIELDS: ReadonlySet<string> = new Set(['passwordHash', 'recoverySecretId']);

/** An event's data without its secret fields (other values pass as they are). */
export const withoutSecretFields = (data: unknown): unknown =>
  data !== null && typeof data === 'object' && !Array.isArray(data)
    ? Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_EVENT_FIELDS.has(key)))
    : data;
