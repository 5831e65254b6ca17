import type { Logger } from 'pino';
import {
  customerDirectoryProjection,
  type CustomerDirectoryEntry,
  type ReadModelStore,
} from '@stickwork/projections';

/**
 * Erasure on every host (DESIGN.md "Erasure"; many hosts on one log). The host that serves
 * DELETE /api/delete/account scrubs its own DATA_DIR: its outbox's mails about the customer and its
 * SQLite file (compaction). Every other host has a DATA_DIR of its own, with its own read-model file
 * (the customer directory holds the email and names in plaintext, and its WAL keeps the old pages
 * until a checkpoint) and its own outbox (the mails it sent the customer). So each host scrubs its own
 * copies when its projections fold the erasure: the customer directory dropping a customer is that
 * fold. The row's email is read just before it goes; once the fold's transaction is done (every
 * projection of the batch has folded the marker), the host's rows keyed by the customer's streams
 * (snapshots, parked events: CUSTOMER_DATA_TABLES) are deleted, the outbox's mails about that address
 * erased and the file compacted. Idempotent, so the erasing host doing it again costs nothing but a
 * second compaction.
 */
export const withErasureScrubOnEveryHost = (
  readModels: ReadModelStore,
  scrub: {
    eraseMailsAbout(email: string): Promise<unknown>;
    scrubRowsOfStreams(customerId: string): void;
    compact(): void;
    logger: Logger;
  },
): ReadModelStore => {
  let queue = Promise.resolve();
  const afterFold = (customerId: string, email: string | undefined) => {
    // Runs after the synchronous transaction that deleted the row, one scrub at a time.
    queue = queue
      .then(async () => {
        scrub.scrubRowsOfStreams(customerId);
        if (email) await scrub.eraseMailsAbout(email);
        scrub.compact();
      })
      .catch((error: unknown) => {
        // Never the error itself: a file name or a mail server's message may quote the address.
        const code = (error as { code?: unknown }).code;
        scrub.logger.error(
          { code: typeof code === 'string' ? code : undefined },
          "could not scrub this host's copies of an erased customer's data",
        );
      });
  };
  return {
    ...readModels,
    delete(projection, key) {
      const erased =
        projection === customerDirectoryProjection.name
          ? readModels.get<CustomerDirectoryEntry>(projection, key)
          : undefined;
      readModels.delete(projection, key);
      if (erased) afterFold(key, erased.email);
    },
  };
};
