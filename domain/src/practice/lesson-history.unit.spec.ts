import { describe, expect, it } from 'vitest';
import { timingTrends, type LessonHistoryRow } from './lesson-history.js';

const row = (
  focus: LessonHistoryRow['focus'],
  playedAt: string,
  accuracy: number | null,
): LessonHistoryRow => ({
  lessonId: 1,
  name: 'A lesson',
  focus,
  day: playedAt.slice(0, 10),
  playedAt,
  rating: 'easy',
  skipped: false,
  takes: accuracy === null ? 0 : 1,
  best: accuracy === null ? null : { input: 'midi', bpm: 100, accuracy, meanOffsetMs: 0, spreadMs: 1 },
});

describe('timing trends', () => {
  it('give each skill with takes its best accuracies oldest first, and skills without takes none', () => {
    const rows = [
      row('timing', '2026-03-12T10:00:00.000Z', 90),
      row('grooves', '2026-03-11T10:00:00.000Z', null),
      row('timing', '2026-03-10T10:00:00.000Z', 70),
      row('warm_up', '2026-03-09T10:00:00.000Z', 55.5),
    ];
    expect(timingTrends(rows)).toEqual({
      timing: [
        { day: '2026-03-10', playedAt: '2026-03-10T10:00:00.000Z', accuracy: 70 },
        { day: '2026-03-12', playedAt: '2026-03-12T10:00:00.000Z', accuracy: 90 },
      ],
      warm_up: [{ day: '2026-03-09', playedAt: '2026-03-09T10:00:00.000Z', accuracy: 55.5 }],
    });
    expect(timingTrends([row('grooves', '2026-03-11T10:00:00.000Z', null)])).toEqual({});
  });
});
