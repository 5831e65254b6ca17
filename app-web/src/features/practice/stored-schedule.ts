import type { ScheduledLesson } from '@stickwork/domain';
import type { PracticeReport } from './practice-run';

/** An unfinished practice session, kept so 'Resume Practice' can pick it up after a reload. */
export interface StoredSchedule {
  lessons: ScheduledLesson[];
  currentLessonIndex: number;
  practiceTimeBeforeCurrentExercise: number;
  /** The run so far, so the report after a reload counts the lessons before it too. */
  run?: PracticeReport;
}

export const STORED_SCHEDULE_KEY = 'stickwork.practice-schedule';

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const isRun = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  'lessonsPractised' in value &&
  typeof value.lessonsPractised === 'number' &&
  'secondsPractised' in value &&
  typeof value.secondsPractised === 'number' &&
  'practisedSkills' in value &&
  Array.isArray(value.practisedSkills);

const isStoredSchedule = (value: unknown): value is StoredSchedule =>
  typeof value === 'object' &&
  value !== null &&
  'lessons' in value &&
  Array.isArray(value.lessons) &&
  'currentLessonIndex' in value &&
  typeof value.currentLessonIndex === 'number' &&
  'practiceTimeBeforeCurrentExercise' in value &&
  typeof value.practiceTimeBeforeCurrentExercise === 'number' &&
  (!('run' in value) || isRun(value.run));

/** Lessons still to practise from the current one on; the limit_reached marker is no lesson. */
export const lessonsLeftIn = (schedule: StoredSchedule): number =>
  schedule.lessons.slice(schedule.currentLessonIndex).filter((lesson) => lesson.type !== 'limit_reached')
    .length;

/** The stored session, or null when there is none, it is unreadable or nothing is left in it. */
export const readStoredSchedule = (): StoredSchedule | null => {
  const raw = storage()?.getItem(STORED_SCHEDULE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredSchedule(parsed) && lessonsLeftIn(parsed) > 0 ? parsed : null;
  } catch {
    return null;
  }
};

export const writeStoredSchedule = (schedule: StoredSchedule): void => {
  storage()?.setItem(STORED_SCHEDULE_KEY, JSON.stringify(schedule));
};

export const clearStoredSchedule = (): void => {
  storage()?.removeItem(STORED_SCHEDULE_KEY);
};
