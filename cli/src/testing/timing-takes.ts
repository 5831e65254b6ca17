import type { EventToAppend, PracticeEvent } from '@stickwork/domain';

type TimingScored = Extract<PracticeEvent, { type: 'TimingScored' }>;

/**
 * A timing-coach take of `lessonId` on `day` (10:00 UTC), as the practice stream records it:
 * 91 % at 80 bpm, its bass drum 20 ms late on the '&' over 16 strokes. Two such takes within four
 * weeks make that spot a weak spot (30 strokes or more).
 */
export const draggingBassDrumTake = (
  lessonId: number,
  day: string,
  playId: string,
): EventToAppend<'TimingScored', TimingScored['data']> => ({
  type: 'TimingScored',
  data: {
    lessonId,
    playId,
    input: 'midi',
    bpm: 80,
    expected: 16,
    hits: 16,
    missed: 0,
    extra: 0,
    meanOffsetMs: 20,
    spreadMs: 4,
    accuracy: 91,
    byPosition: [{ voice: 'bass_drum', position: '&', strokes: 16, meanOffsetMs: 20, spreadMs: 4 }],
    focus: 'timing',
    scoredAt: `${day}T10:00:00.000Z`,
    day,
  },
  metadata: { schemaVersion: 2, time: `${day}T10:00:00.000Z` },
});
