import { randomBytes } from 'node:crypto';

/** AES-256: 32 random bytes a key. */
export const PERSONAL_DATA_KEY_BYTES = 32;

/**
 * Where the keys of crypto-shredding live (README "Erasure on EventStoreDB"): one random key per
 * stream that holds personal data (a customer's `customer-` stream, a newsletter address's
 * `newsletter-` stream, a teacher's `teacher-` stream). Deleting a key makes every copy of that
 * stream's personal data unreadable for good, wherever the event bytes still lie.
 */
export interface PersonalDataKeys {
  /** The stream's key, made (once, also across processes) if it has none yet. */
  keyFor(streamId: string): Buffer;
  /** The stream's key, or undefined when it never had one or it was deleted. */
  existingKey(streamId: string): Buffer | undefined;
  /** Deletes the stream's key for good (nothing when it has none). */
  forget(streamId: string): void;
}

export const newPersonalDataKey = (): Buffer => randomBytes(PERSONAL_DATA_KEY_BYTES);

/** Keys in a Map, for unit tests and stores that hold nothing on disk. */
export const createInMemoryPersonalDataKeys = (): PersonalDataKeys & { readonly size: number } => {
  const keys = new Map<string, Buffer>();
  return {
    keyFor(streamId) {
      const key = keys.get(streamId) ?? newPersonalDataKey();
      keys.set(streamId, key);
      return key;
    },
    existingKey: (streamId) => keys.get(streamId),
    forget: (streamId) => void keys.delete(streamId),
    get size() {
      return keys.size;
    },
  };
};
