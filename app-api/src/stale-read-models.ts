import type { ProjectionRunner, ReadModelStore } from '@stickwork/projections';
import { appendedStreams, markReadModelsStale } from './request-context.js';

/**
 * The runner as the services use it: a read-your-writes wait that comes back without the
 * request's writes visible (timed out, or an event of a stream the request wrote is parked for a
 * projection, so that stream's read models lack it) marks the request's read models stale. The
 * command still answers with its result; the HTTP edge adds the `x-stickwork-read-models: stale`
 * header. Never 500 for a write that committed.
 */
export const withStaleReadModelsNotice = (
  runner: ProjectionRunner,
  readModels: Pick<ReadModelStore, 'parked'>,
): ProjectionRunner => ({
  ...runner,
  async waitFor(position, timeoutMs) {
    const passed = await runner.waitFor(position, timeoutMs);
    if (!passed || parkedInStreams(readModels, appendedStreams())) markReadModelsStale();
    return passed;
  },
});

const parkedInStreams = (readModels: Pick<ReadModelStore, 'parked'>, streams: ReadonlySet<string>) => {
  try {
    return [...streams].some((streamId) => readModels.parked({ streamId, limit: 1 }).length > 0);
  } catch {
    // A store that cannot say: the answer is not known to be fresh.
    return true;
  }
};
