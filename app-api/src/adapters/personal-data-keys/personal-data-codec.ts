import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { CustomerEvent, EventToAppend, RecordedEvent, TeacherEvent } from '@stickwork/domain';
import type { PersonalDataKeys } from './personal-data-keys.js';

type DataOf<Event extends { type: string; data: unknown }, Type extends Event['type']> = Extract<
  Event,
  { type: Type }
>['data'];
type FieldsOf<Event extends { type: string; data: unknown }> = {
  [Type in Event['type']]?: ReadonlyArray<keyof DataOf<Event, Type> & string>;
};

/**
 * Every event field that holds personal data, by event type (the compiler checks the names
 * against the events' types). The password hash is among them: it is not readable text, but it is
 * the customer's, and a hash left in a log after erasure can still be attacked offline for a
 * password used elsewhere. What stays plain: ids, times, plans, zones, the payment provider's
 * ids; the reservation's and newsletter's stream names are keyed digests (HMAC) of the address.
 */
export const PERSONAL_DATA_FIELDS: Readonly<Record<string, readonly string[]>> = {
  ...({
    CustomerRegistered: ['email', 'firstname', 'lastname', 'country', 'passwordHash'],
    PasswordChanged: ['passwordHash'],
  } satisfies FieldsOf<CustomerEvent>),
  ...({ TeacherAdded: ['name', 'email'] } satisfies FieldsOf<TeacherEvent>),
  // app-api's newsletter (newsletter-router.ts): the address, the proof of consent.
  NewsletterSubscriptionConfirmed: ['email'],
};

/** What a personal field reads as once its stream's key is deleted (or the value cannot be opened). */
export const ERASED_PERSONAL_DATA = '(personal data erased)';

/** The version marker of an encrypted field; a field without it is plaintext written before shredding. */
export const ENCRYPTED_FIELD_SCHEME = 'aes-256-gcm/v1';

/** An encrypted field as stored: `data` is the ciphertext of the value's JSON, then the 16-byte tag. */
export interface EncryptedField {
  $encrypted: typeof ENCRYPTED_FIELD_SCHEME;
  iv: string;
  data: string;
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Anything shaped as an encrypted field, whichever scheme (a newer one reads as erased, never crashes). */
const isEnvelope = (value: unknown): value is { $encrypted: unknown; iv?: unknown; data?: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && '$encrypted' in value;

/** Binds a ciphertext to its stream and field: it cannot be moved to another customer or field. */
const associatedData = (streamId: string, field: string) => Buffer.from(`${streamId}\n${field}`, 'utf8');

export const encryptField = (
  key: Buffer,
  streamId: string,
  field: string,
  value: unknown,
): EncryptedField => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(streamId, field));
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify(value), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return { $encrypted: ENCRYPTED_FIELD_SCHEME, iv: iv.toString('base64'), data: sealed.toString('base64') };
};

/** The field's value, or the erased marker when the key is gone or the bytes do not open with it. */
export const decryptField = (
  key: Buffer | undefined,
  streamId: string,
  field: string,
  stored: unknown,
): unknown => {
  if (!isEnvelope(stored)) return stored;
  if (key === undefined || stored.$encrypted !== ENCRYPTED_FIELD_SCHEME) return ERASED_PERSONAL_DATA;
  if (typeof stored.iv !== 'string' || typeof stored.data !== 'string') return ERASED_PERSONAL_DATA;
  try {
    const sealed = Buffer.from(stored.data, 'base64');
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(stored.iv, 'base64'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(associatedData(streamId, field));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return JSON.parse(plain.toString('utf8')) as unknown;
  } catch {
    // A key made again for a re-created stream, or damaged bytes: unreadable is what erased means.
    return ERASED_PERSONAL_DATA;
  }
};

const personalFieldsIn = (type: string, data: unknown): string[] => {
  const fields = PERSONAL_DATA_FIELDS[type];
  if (!fields || typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  return fields.filter((field) => (data as Record<string, unknown>)[field] !== undefined);
};

/**
 * Crypto-shredding at the event-store seam: personal fields are encrypted with their stream's key
 * before an event is written, and opened when it is read. Events of other types, and fields that
 * are not personal, pass unchanged (projections, the CLI and the payment streams read them as
 * before).
 */
export const createPersonalDataCodec = (keys: PersonalDataKeys) => {
  /** `keyOf` lets a batch look each stream's key up once. */
  const open = (
    event: RecordedEvent,
    keyOf: (streamId: string) => Buffer | undefined = (streamId) => keys.existingKey(streamId),
  ): RecordedEvent => {
    const source = event.data as Record<string, unknown>;
    const fields = personalFieldsIn(event.type, event.data).filter((field) => isEnvelope(source[field]));
    if (fields.length === 0) return event;
    const key = keyOf(event.streamId);
    const data = { ...source };
    for (const field of fields) data[field] = decryptField(key, event.streamId, field, source[field]);
    return { ...event, data };
  };

  return {
    seal(streamId: string, event: EventToAppend): EventToAppend {
      const source = event.data as Record<string, unknown>;
      // Every personal field, whatever it looks like: a value shaped like a sealed one (which anyone
      // may type) is sealed again, and reads back as exactly that value.
      const fields = personalFieldsIn(event.type, event.data);
      if (fields.length === 0) return event;
      const key = keys.keyFor(streamId);
      const data = { ...source };
      for (const field of fields) data[field] = encryptField(key, streamId, field, source[field]);
      return { ...event, data };
    },

    open,

    /** Opens a batch, each stream's key looked up once. */
    openAll(events: readonly RecordedEvent[]): RecordedEvent[] {
      const found = new Map<string, Buffer | undefined>();
      const keyOf = (streamId: string) => {
        if (!found.has(streamId)) found.set(streamId, keys.existingKey(streamId));
        return found.get(streamId);
      };
      return events.map((event) => open(event, keyOf));
    },
  };
};

export type PersonalDataCodec = ReturnType<typeof createPersonalDataCodec>;
