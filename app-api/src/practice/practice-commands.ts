import {
  handleCommand,
  practiceDecider,
  practiceEventSchemaVersions,
  practiceStreamId,
  type PracticeCommand,
  type PracticeState,
  type Snapshots,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';

export interface PracticeCommandBackend extends Pick<Backend, 'store' | 'projections'> {
  /** Decision states by revision: the command reads only the events after the latest one. */
  snapshots?: Snapshots<PracticeState>;
}

/**
 * The one way a command reaches a `practice-` stream (the practice service, the weekly goal, the
 * erasure of the practice history): read from the snapshot, fold, decide with the practice decider,
 * append with the revision read, then wait (bounded) until the read models show the new events
 * (read-your-writes, DESIGN.md).
 */
export const runPracticeCommand = async (
  backend: PracticeCommandBackend,
  customerId: string,
  command: PracticeCommand | ((state: PracticeState) => PracticeCommand),
) => {
  const result = await handleCommand(
    backend.store,
    practiceStreamId(customerId),
    practiceDecider,
    practiceEventSchemaVersions,
    command,
    backend.snapshots ? { snapshots: backend.snapshots } : {},
  );
  if (result.position !== null) await backend.projections.waitFor(result.position);
  return result;
};
