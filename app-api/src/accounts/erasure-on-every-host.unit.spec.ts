import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createInMemoryReadModelStore, customerDirectoryProjection } from '@stickwork/projections';
import { withErasureScrubOnEveryHost } from './erasure-on-every-host.js';

const until = async (check: () => boolean) => {
  for (let turn = 0; turn < 100 && !check(); turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe("a host's own copies of an erased customer's data", () => {
  it("are scrubbed (rows keyed by the customer's streams, outbox by the address, then the file compacted) when the directory drops the customer", async () => {
    const scrubbed: string[] = [];
    const store = createInMemoryReadModelStore();
    const readModels = withErasureScrubOnEveryHost(store, {
      eraseMailsAbout: (email) => Promise.resolve(void scrubbed.push(`mails ${email}`)),
      scrubRowsOfStreams: (customerId) => void scrubbed.push(`rows of ${customerId}'s streams`),
      compact: () => void scrubbed.push('compact'),
      logger: pino({ level: 'silent' }),
    });
    const directory = customerDirectoryProjection.name;
    readModels.put(directory, 'c-1', { email: 'ringo@example.com', firstname: 'Ringo' });
    readModels.put('practice_usage', 'c-1', { lesson: 1 });

    // Other projections' rows, and rows that are not there, scrub nothing.
    readModels.delete('practice_usage', 'c-1');
    readModels.delete(directory, 'c-unknown');
    // The directory's row of the customer: the address is read before it goes.
    readModels.delete(directory, 'c-1');
    expect(store.get(directory, 'c-1')).toBeUndefined();
    await until(() => scrubbed.length === 3);
    expect(scrubbed).toEqual(["rows of c-1's streams", 'mails ringo@example.com', 'compact']);
  });
});
