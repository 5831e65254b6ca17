import type { LessonHistoryRow } from '@stickwork/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { startSaga } from '../../testing/saga-harness';
import { lessonHistorySaga, type LessonHistoryDependencies } from './lesson-history-saga';
import {
  lessonHistoryFailed,
  lessonHistoryOpened,
  lessonHistoryReceived,
  lessonHistorySlice,
} from './lesson-history-slice';

const row = (lessonId: number, focus: LessonHistoryRow['focus']): LessonHistoryRow => ({
  lessonId,
  name: `Lesson ${lessonId}`,
  focus,
  day: '2026-03-10',
  playedAt: '2026-03-10T10:00:00.000Z',
  rating: 'easy',
  skipped: false,
  takes: 1,
  best: { input: 'midi', bpm: 96, accuracy: 91, meanOffsetMs: 12, spreadMs: 4 },
});

const reducer = lessonHistorySlice.reducer;
let running: ReturnType<typeof startSaga<ReturnType<typeof reducer>>> | undefined;
afterEach(() => running?.stop());

const start = (dependencies: LessonHistoryDependencies) =>
  startSaga(() => lessonHistorySaga(dependencies), reducer, reducer(undefined, { type: 'init' }));

describe('the lesson history', () => {
  it('loads the rows of the chosen skill, and only the latest choice lands', async () => {
    let answerAll: (rows: LessonHistoryRow[]) => void = () => {};
    const dependencies: LessonHistoryDependencies = {
      fetchLessonHistory: vi.fn((skill) =>
        skill === null
          ? new Promise<LessonHistoryRow[]>((resolve) => (answerAll = resolve))
          : Promise.resolve([row(7, 'timing')]),
      ),
      logError: vi.fn(),
    };
    running = start(dependencies);
    running.dispatch(lessonHistoryOpened({ skill: null }));
    running.dispatch(lessonHistoryOpened({ skill: 'timing' }));
    await running.waitFor(lessonHistoryReceived.type);
    answerAll([row(1, 'warm_up')]);
    expect(running.state()).toEqual({
      skill: 'timing',
      rows: [row(7, 'timing')],
      load: 'idle',
      weakSpots: null,
      steadyLag: null,
    });
    expect(dependencies.fetchLessonHistory).toHaveBeenCalledWith(null);
    expect(dependencies.fetchLessonHistory).toHaveBeenCalledWith('timing');
  });

  it('a failed load is logged and shown as failed', async () => {
    const dependencies: LessonHistoryDependencies = {
      fetchLessonHistory: vi.fn(async () => {
        throw new ApiError(500, 'Internal error', null);
      }),
      logError: vi.fn(),
    };
    running = start(dependencies);
    running.dispatch(lessonHistoryOpened({ skill: null }));
    await running.waitFor(lessonHistoryFailed.type);
    expect(running.state().load).toBe('failed');
    expect(dependencies.logError).toHaveBeenCalledWith(
      'Could not load the lesson history.',
      expect.any(ApiError),
    );
  });

  it('does not show rows of another skill while the new filter loads', () => {
    const loaded = reducer(
      reducer(undefined, lessonHistoryOpened({ skill: null })),
      lessonHistoryReceived({ skill: null, rows: [row(1, 'warm_up')] }),
    );
    expect(reducer(loaded, lessonHistoryOpened({ skill: 'timing' })).rows).toBeNull();
    expect(reducer(loaded, lessonHistoryOpened({ skill: null })).rows).toEqual([row(1, 'warm_up')]);
    expect(reducer(loaded, lessonHistoryReceived({ skill: 'grooves', rows: [] })).rows).toEqual([
      row(1, 'warm_up'),
    ]);
  });
});
