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
  // A teacher's meeting link can be a personal room (a name in it): sealed like their name and address.
  ...({
    TeacherAdded: ['name', 'email'],
    TeacherMeetingLinkSet: ['meetingLink'],
  } satisfies FieldsOf<TeacherEvent>),
  // app-api's newsletter (newsletter-router.ts): the address, the proof of consent.
  NewsletterSubscriptionConfirmed: ['email'],
};

/** What a personal field reads as once its stream's key is deleted (or the value cannot be opened). */
export const ERASED_PERSONAL_DATA = '(personal data erased)';

/**
 * What a personal field reads as when its stream's key is missing although no erasure was recorded
 * (a lost or wrong key store): never shown as erased, and logged as an error by whoever reads it.
 */
export const UNREADABLE_PERSONAL_DATA = '(personal data unreadable: its key is missing)';

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

/** The event's personal fields that are stored sealed. */
const sealedFieldsOf = (event: { type: string; data: unknown }): string[] =>
  personalFieldsIn(event.type, event.data).filter((field) =>
    isEnvelope((event.data as Record<string, unknown>)[field]),
  );

/** Whether the event as stored holds a sealed personal field (whose key it needs to be read). */
export const holdsSealedField = (event: { type: string; data: unknown }): boolean =>
  sealedFieldsOf(event).length > 0;

export interface PersonalDataCodecOptions {
  /**
   * Told of a stream whose sealed fields have no key although no erasure of it was recorded (the
   * key store was lost, or is the wrong one). The fields read as `UNREADABLE_PERSONAL_DATA`.
   */
  onMissingKey?: (streamId: string) => void;
}

/**
 * Crypto-shredding at the event-store seam: personal fields are encrypted with their stream's key
 * before an event is written, and opened when it is read. Events of other types, and fields that
 * are not personal, pass unchanged (projections, the CLI and the payment streams read them as
 * before). A batch of events is opened with one look-up of its streams' keys.
 */
export const createPersonalDataCodec = (keys: PersonalDataKeys, options: PersonalDataCodecOptions = {}) => {
  /** The keys of the streams whose sealed events are among these, and the streams read as missing. */
  const keysOf = async (events: readonly RecordedEvent[]) => {
    const streamIds = [...new Set(events.filter(holdsSealedField).map((event) => event.streamId))];
    if (streamIds.length === 0) return { found: new Map<string, Buffer>(), missing: new Set<string>() };
    const found = await keys.existingKeys(streamIds);
    const keyless = streamIds.filter((streamId) => !found.has(streamId));
    if (keyless.length === 0) return { found, missing: new Set<string>() };
    const erased = await keys.erasedAmong(keyless);
    const missing = new Set(keyless.filter((streamId) => !erased.has(streamId)));
    for (const streamId of missing) options.onMissingKey?.(streamId);
    return { found, missing };
  };

  const openWith = (
    event: RecordedEvent,
    { found, missing }: { found: Map<string, Buffer>; missing: Set<string> },
  ): RecordedEvent => {
    const fields = sealedFieldsOf(event);
    if (fields.length === 0) return event;
    const source = event.data as Record<string, unknown>;
    const data = { ...source };
    for (const field of fields)
      data[field] = missing.has(event.streamId)
        ? UNREADABLE_PERSONAL_DATA
        : decryptField(found.get(event.streamId), event.streamId, field, source[field]);
    return { ...event, data };
  };

  /** Opens a batch, its streams' keys looked up at once. */
  const openAll = async (events: readonly RecordedEvent[]): Promise<RecordedEvent[]> => {
    const looked = await keysOf(events);
    return events.map((event) => openWith(event, looked));
  };

  /** Seals the events of one append, the stream's key made (or read) once for them all. */
  const sealAll = async (streamId: string, events: readonly EventToAppend[]): Promise<EventToAppend[]> => {
    // Every personal field, whatever it looks like: a value shaped like a sealed one (which anyone
    // may type) is sealed again, and reads back as exactly that value.
    if (!events.some((event) => personalFieldsIn(event.type, event.data).length > 0)) return [...events];
    const key = await keys.keyFor(streamId);
    return events.map((event) => {
      const fields = personalFieldsIn(event.type, event.data);
      if (fields.length === 0) return event;
      const source = event.data as Record<string, unknown>;
      const data = { ...source };
      for (const field of fields) data[field] = encryptField(key, streamId, field, source[field]);
      return { ...event, data };
    });
  };

  return {
    sealAll,
    seal: async (streamId: string, event: EventToAppend): Promise<EventToAppend> =>
      (await sealAll(streamId, [event]))[0]!,
    open: async (event: RecordedEvent): Promise<RecordedEvent> => (await openAll([event]))[0]!,
    openAll,
  };
};

export type PersonalDataCodec = ReturnType<typeof createPersonalDataCodec>;
