import type { EventStore } from '@stickwork/domain';
import type { ProjectionRunner } from '@stickwork/projections';

/**
 * One write, one transaction (issue 37, DESIGN.md "Read models"): every append folds its own
 * events into the read models inside its transaction where the store offers one (the embedded
 * SQLite file, which holds the read models too), so a command takes the write lock once and its
 * read-your-writes wait finds its events folded. Beside EventStoreDB the append is its own
 * transaction and the runner folds after it, as before.
 */
export const withReadModelsInAppend = <Store extends EventStore>(
  store: Store,
  runner: Pick<ProjectionRunner, 'foldAppended'>,
): Store => ({
  ...store,
  appendToStream: (streamId, events, options = {}) => {
    const own = options.inTransaction;
    return store.appendToStream(streamId, events, {
      ...options,
      inTransaction: (recorded) => {
        own?.(recorded);
        runner.foldAppended(recorded);
      },
    });
  },
});
