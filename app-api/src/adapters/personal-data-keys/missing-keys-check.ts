import type { EventStore } from '@stickwork/domain';
import { StartupError } from '../../startup-error.js';
import { holdsSealedField } from './personal-data-codec.js';
import type { PersonalDataKeys } from './personal-data-keys.js';

const PAGE = 1_000;

/** Whether the log holds an event with a sealed personal field; reads no further than the first one. */
const holdsSealedEvents = async (store: EventStore): Promise<boolean> => {
  let after: number | undefined;
  for (;;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: PAGE });
    if (page.some(holdsSealedField)) return true;
    if (page.length < PAGE) return false;
    after = page[page.length - 1]!.position;
  }
};

/**
 * Never reads missing keys as erasure: a key store with no key and no recorded erasure beside a log
 * that holds sealed personal data is a lost or wrong key store, and serving would show every
 * customer as erased (and make new keys beside the lost ones). Start-up stops with one line.
 * Costs one small query when the key store holds anything; only an empty one scans the log (the
 * raw store, beneath the shredding seam), up to the first sealed event.
 */
export const assertKeysForSealedEvents = async (
  rawStore: EventStore,
  keys: PersonalDataKeys,
  where: { keyStore: string; remedy: string },
): Promise<void> => {
  if (!(await keys.isEmpty())) return;
  if (!(await holdsSealedEvents(rawStore))) return;
  throw new StartupError(
    `personal-data keys missing: the event store holds sealed personal data but ${where.keyStore} is empty; ${where.remedy}`,
  );
};
