import type { Exercise, ExerciseType, Voice } from '../catalogue/exercise.js';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import type { BeatPosition } from '../timing/beat-positions.js';
import type { TempoPlan } from './tempo-plan.js';

/**
 * A lesson as the schedule sends it: the catalogue entry without its notation (the sheet music
 * comes from GET /api/file/download), with the start tempo the scheduler chose and, when that tempo is
 * not the catalogue's, the plan behind it (the speed trainer's target and why).
 */
export type ScheduledLesson = Omit<Exercise, 'notation' | 'type'> & {
  type: ExerciseType | 'limit_reached';
  tempo_plan?: Pick<TempoPlan, 'targetBpm' | 'basis'>;
  /** A lesson chosen for a weak spot of the drummer's timing, and the reason shown with it. */
  weak_spot?: { voice: Voice; position: BeatPosition; reason: string };
};

/** The practice schedule of product-spec §3, as POST /api/lesson/schedule answers it. */
export interface PracticeSchedule {
  lessons: ScheduledLesson[];
  currentLessonIndex: 0;
  targetPracticeTime: number;
  practiceTimeBeforeCurrentExercise: 0;
  evaluation: { rating_difficulty: DifficultyRating };
}

/**
 * The `limit_reached` lesson's id. Catalogue ids are positive and 0 means "empty schedule", so a
 * negative id can never collide with a real lesson.
 */
export const LIMIT_REACHED_LESSON_ID = -1;
