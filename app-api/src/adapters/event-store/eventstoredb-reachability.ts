import type { EventStore } from '@stickwork/domain';
import { StartupError } from '../../startup-error.js';
import { endpointsOf } from './eventstoredb-mapping.js';

/** How long start-up waits for EventStoreDB's first answer (a host that drops packets never refuses). */
export const EVENTSTORE_START_DEADLINE_MS = 5_000;

/**
 * EventStoreDB connects lazily, so without a read at start a wrong or dead
 * EVENTSTORE_CONNECTION_STRING shows only at the first request. One read of `$all`, bounded by a
 * deadline, turns it into one start-up line naming the variable.
 */
export const assertEventStoreReachable = async (
  store: Pick<EventStore, 'readAll'>,
  connectionString: string,
  deadlineMs = EVENTSTORE_START_DEADLINE_MS,
): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `EventStoreDB at ${endpointsOf(connectionString)} did not answer within ${deadlineMs} ms`,
          ),
        ),
      deadlineMs,
    );
  });
  try {
    await Promise.race([store.readAll({ maxCount: 1 }), deadline]);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new StartupError(`EVENTSTORE_CONNECTION_STRING: ${message}`);
  } finally {
    clearTimeout(timer);
  }
};
