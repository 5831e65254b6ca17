import { randomBytes } from 'node:crypto';

/** AES-256: 32 random bytes a key. */
export const PERSONAL_DATA_KEY_BYTES = 32;

/**
 * Where the keys of crypto-shredding live (docs/postgresql.md, docs/eventstoredb.md): one random
 * key per stream that holds personal data (a customer's `customer-` stream, a newsletter address's
 * `newsletter-` stream, a teacher's `teacher-` stream). Deleting a key makes every copy of that
 * stream's personal data unreadable for good, wherever the event bytes still lie.
 *
 * A deletion is recorded (the stream id and when, never the key), so a key that is missing because
 * the stream was erased can be told from a key that is missing because the key store was lost or is
 * the wrong one: only the first reads as erased in silence.
 *
 * Asynchronous: the keys may live in another process (PostgreSQL, shared by every host). A call that
 * cannot reach them rejects; nothing is ever guessed.
 */
export interface PersonalDataKeys {
  /** The stream's key, made (once, also across processes and hosts) if it has none yet. */
  keyFor(streamId: string): Promise<Buffer>;
  /** The keys the streams have, in one look-up (a stream without one is absent from the map). */
  existingKeys(streamIds: readonly string[]): Promise<Map<string, Buffer>>;
  /** Which of these streams had their key deleted by `forget` (a recorded erasure). */
  erasedAmong(streamIds: readonly string[]): Promise<Set<string>>;
  /** Deletes the stream's key for good and records the erasure (nothing when it has no key). */
  forget(streamId: string): Promise<void>;
  /** True when the store holds no key and no recorded erasure: a new store, or a lost one. */
  isEmpty(): Promise<boolean>;
}

export const newPersonalDataKey = (): Buffer => randomBytes(PERSONAL_DATA_KEY_BYTES);

/** Keys in a Map, for unit tests and stores that hold nothing on disk. */
export const createInMemoryPersonalDataKeys = (): PersonalDataKeys & { readonly size: number } => {
  const keys = new Map<string, Buffer>();
  const erased = new Set<string>();
  return {
    keyFor: async (streamId) => {
      const key = keys.get(streamId) ?? newPersonalDataKey();
      keys.set(streamId, key);
      return key;
    },
    existingKeys: async (streamIds) =>
      new Map(streamIds.flatMap((streamId) => (keys.has(streamId) ? [[streamId, keys.get(streamId)!]] : []))),
    erasedAmong: async (streamIds) => new Set(streamIds.filter((streamId) => erased.has(streamId))),
    forget: async (streamId) => {
      if (keys.delete(streamId)) erased.add(streamId);
    },
    isEmpty: async () => keys.size === 0 && erased.size === 0,
    get size() {
      return keys.size;
    },
  };
};
