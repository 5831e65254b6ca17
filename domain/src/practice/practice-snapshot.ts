import type { StateCodec } from '../decider/stream-snapshots.js';
import type { LessonEvaluationSummary } from '../scheduler/lesson-rest.js';
import type { LessonTakeHistory } from '../scheduler/take-history.js';
import type { PracticeState } from './practice-state.js';

/** `PracticeState` as JSON: the maps as `[lessonId, value]` pairs. */
interface PracticeSnapshotJson extends Omit<PracticeState, 'evaluations' | 'takeHistory' | 'returnsDue'> {
  evaluations: [number, LessonEvaluationSummary][];
  takeHistory: [number, LessonTakeHistory][];
  returnsDue: [number, number][];
}

/**
 * The codec of `practice-` stream snapshots. Bump `schemaVersion` with every change to
 * `PracticeState` or to how `evolvePractice` derives it: older snapshots are then ignored and
 * the state is folded from the log again.
 */
export const practiceStateCodec: StateCodec<PracticeState> = {
  schemaVersion: 4,
  encode: (state): PracticeSnapshotJson => ({
    ...state,
    evaluations: [...state.evaluations],
    takeHistory: [...state.takeHistory],
    returnsDue: [...state.returnsDue],
  }),
  decode: (json) => {
    const snapshot = json as PracticeSnapshotJson;
    return {
      ...snapshot,
      evaluations: new Map(snapshot.evaluations),
      takeHistory: new Map(snapshot.takeHistory),
      returnsDue: new Map(snapshot.returnsDue),
    };
  },
};
