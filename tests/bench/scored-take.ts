import type { Exercise, PositionFigures, TimingScored } from '@stickwork/domain';

/**
 * A take of 32 notes, all hit, of `lesson` at its written tempo as the practice stream records it
 * (the benchmarks' seeded histories).
 */
export const scoredTake = (
  lesson: Pick<Exercise, 'lesson_id' | 'start_bpm' | 'focus'>,
  take: {
    playId: string;
    accuracy: number;
    at: string;
    meanOffsetMs?: number;
    spreadMs?: number;
    byPosition?: PositionFigures[];
  },
): TimingScored => ({
  type: 'TimingScored',
  data: {
    lessonId: lesson.lesson_id,
    playId: take.playId,
    input: 'midi',
    bpm: lesson.start_bpm,
    expected: 32,
    hits: 32,
    missed: 0,
    extra: 0,
    meanOffsetMs: take.meanOffsetMs ?? 0,
    spreadMs: take.spreadMs ?? 0,
    accuracy: take.accuracy,
    byPosition: take.byPosition ?? [],
    focus: lesson.focus,
    scoredAt: take.at,
    day: take.at.slice(0, 10),
  },
});
