import { afterEach, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_KEY_BYTES, type PersonalDataKeys } from './personal-data-keys.js';

export interface PersonalDataKeysUnderTest {
  keys: PersonalDataKeys;
  /** Another handle on the same storage (a second connection, as a second process or host has). */
  second: PersonalDataKeys;
  /** Runs after each test (close connections, remove temp files). */
  cleanup?: () => Promise<void>;
}

/**
 * The behaviour every PersonalDataKeys adapter shares (SQLite, PostgreSQL): run it from the
 * adapter's own spec with a factory that opens fresh, empty storage for each test.
 */
export const describePersonalDataKeysContract = (
  name: string,
  makeKeys: () => Promise<PersonalDataKeysUnderTest>,
): void => {
  describe(`PersonalDataKeys contract: ${name}`, () => {
    let opened: PersonalDataKeysUnderTest | undefined;
    const open = async () => (opened = await makeKeys());
    afterEach(async () => {
      await opened?.cleanup?.();
      opened = undefined;
    });

    it('makes a stream its key once: the same key on every call and on every handle', async () => {
      const { keys, second } = await open();
      const key = await keys.keyFor('customer-a');
      expect(key).toHaveLength(PERSONAL_DATA_KEY_BYTES);
      expect((await keys.keyFor('customer-a')).equals(key)).toBe(true);
      expect((await second.keyFor('customer-a')).equals(key)).toBe(true);
      expect((await second.existingKeys(['customer-a'])).get('customer-a')?.equals(key)).toBe(true);
      expect((await keys.keyFor('customer-b')).equals(key)).toBe(false);
    });

    it('agrees on one key when many make the first key of a stream at once', async () => {
      const { keys, second } = await open();
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? keys : second).keyFor('customer-race')),
      );
      expect(new Set(made.map((key) => key.toString('hex'))).size).toBe(1);
    });

    it('looks many streams up at once, leaving out those without a key', async () => {
      const { keys, second } = await open();
      const a = await keys.keyFor('customer-a');
      const c = await keys.keyFor('customer-c');
      const found = await second.existingKeys(['customer-a', 'customer-b', 'customer-c']);
      expect([...found.keys()].sort()).toEqual(['customer-a', 'customer-c']);
      expect(found.get('customer-a')?.equals(a)).toBe(true);
      expect(found.get('customer-c')?.equals(c)).toBe(true);
      expect(await second.existingKeys([])).toEqual(new Map());
    });

    it('forgets a key for every handle and records the erasure; other streams keep theirs', async () => {
      const { keys, second } = await open();
      await keys.keyFor('customer-a');
      const b = await keys.keyFor('customer-b');
      await second.forget('customer-a');
      expect(await keys.existingKeys(['customer-a', 'customer-b'])).toEqual(new Map([['customer-b', b]]));
      expect(await keys.erasedAmong(['customer-a', 'customer-b', 'customer-never'])).toEqual(
        new Set(['customer-a']),
      );
      // Again (an erasure run twice), and a stream that never had a key: nothing happens, nothing recorded.
      await keys.forget('customer-a');
      await keys.forget('customer-never');
      expect(await second.erasedAmong(['customer-a', 'customer-never'])).toEqual(new Set(['customer-a']));
    });

    it('makes a new key for a stream started again after its erasure, which stays recorded', async () => {
      const { keys } = await open();
      const old = await keys.keyFor('newsletter-x');
      await keys.forget('newsletter-x');
      const fresh = await keys.keyFor('newsletter-x');
      expect(fresh.equals(old)).toBe(false);
      expect(await keys.erasedAmong(['newsletter-x'])).toEqual(new Set(['newsletter-x']));
    });

    it('is empty until it holds a key or a recorded erasure', async () => {
      const { keys, second } = await open();
      expect(await keys.isEmpty()).toBe(true);
      await keys.keyFor('customer-a');
      expect(await second.isEmpty()).toBe(false);
      await keys.forget('customer-a');
      // Every customer erased is not an empty key store: the erasures are its memory.
      expect(await second.isEmpty()).toBe(false);
    });
  });
};
