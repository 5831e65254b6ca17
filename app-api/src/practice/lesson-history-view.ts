import { dayKeyInZone, type LessonHistoryEntry, type LessonHistoryRow } from '@stickwork/domain';

/**
 * GET /api/lesson-history: the entries of the read model with the lesson's name from the catalogue and
 * the day each was played in the customer's zone (the `time-zone` header, like the activity calendar).
 */
export const lessonHistoryView = (
  entries: readonly LessonHistoryEntry[],
  lessonName: (lessonId: number) => string | undefined,
  timeZone: string,
): LessonHistoryRow[] =>
  entries.map((entry) => ({
    ...entry,
    name: lessonName(entry.lessonId) ?? `Lesson ${entry.lessonId}`,
    day: dayKeyInZone(new Date(entry.playedAt), timeZone),
  }));
