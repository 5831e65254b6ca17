import { levelAt } from '../rules/levels.js';
import type { Exercise } from './exercise.js';
import type { ExerciseDraft, ExerciseFamily } from './family.js';
import { FAMILY_ID_RANGE } from './family.js';
import { LESSON_VIDEOS, lessonVideoUrl, type LessonVideos } from './lesson-videos.js';
import { beginnerCourseFamily } from './families/beginner-course.js';
import { drumFillFamilies } from './families/drum-fills.js';
import { padDrumFillFamilies } from './families/drum-fills-pad.js';
import { grooveFeelFamilies } from './families/groove-feel-sound.js';
import { grooveFamilies } from './families/grooves.js';
import { handSpeedFamilies } from './families/hand-speed.js';
import { handTechniqueFamilies } from './families/hand-technique.js';
import { independenceFamilies } from './families/independence.js';
import { padIndependenceFamilies } from './families/independence-pad.js';
import { timingFamilies } from './families/timing.js';
import { padTimingFamilies } from './families/timing-pad.js';
import { warmUpFamilies } from './families/warm-ups.js';

/** Every family of the catalogue. Order does not matter for ids (they come from each family's index). */
export const CATALOGUE_FAMILIES: readonly ExerciseFamily[] = [
  ...warmUpFamilies,
  beginnerCourseFamily,
  ...handTechniqueFamilies,
  ...handSpeedFamilies,
  ...independenceFamilies,
  ...padIndependenceFamilies,
  ...grooveFamilies,
  ...grooveFeelFamilies,
  ...drumFillFamilies,
  ...padDrumFillFamilies,
  ...timingFamilies,
  ...padTimingFamilies,
];

/** An exercise of a family; it has a video only where an operator listed one (`lesson-videos.json`). */
export function toExercise(
  family: ExerciseFamily,
  draft: ExerciseDraft,
  videos: LessonVideos = LESSON_VIDEOS,
): Exercise {
  const lessonId = family.index * FAMILY_ID_RANGE + draft.slot;
  const exercise: Exercise = {
    lesson_id: lessonId,
    name: draft.name,
    focus: draft.focus,
    min_level: levelAt(draft.minLevel),
    max_level: levelAt(draft.maxLevel),
    pad_sufficient: draft.padSufficient,
    description_text: draft.description,
    start_bpm: draft.startBpm,
    number_repetition: draft.repetitions,
    practice_time: draft.practiceTime,
    type: draft.type,
    notation: draft.notation,
  };
  const videoUrl = lessonVideoUrl(lessonId, videos);
  if (videoUrl) exercise.video_url = videoUrl;
  return exercise;
}

/**
 * Builds the whole catalogue from its families: deterministic (no randomness, no clock), ordered by
 * lesson id. Each call builds fresh objects; use `catalogue` for the shared, memoised copy.
 */
export function generateCatalogue(
  families: readonly ExerciseFamily[] = CATALOGUE_FAMILIES,
  videos: LessonVideos = LESSON_VIDEOS,
): Exercise[] {
  const exercises = families.flatMap((family) =>
    family.build().map((draft) => toExercise(family, draft, videos)),
  );
  return exercises.sort((a, b) => a.lesson_id - b.lesson_id);
}
