import type { Exercise } from './exercise.js';
import lessonVideosFile from './lesson-videos.json' with { type: 'json' };

/**
 * Lesson id → Vimeo video id, for the lessons the teacher has really filmed and uploaded. An operator
 * fills `lesson-videos.json` beside this file (empty by default: no lesson has a video), checks it with
 * `stickwork catalogue validate` and rebuilds; a lesson not listed has no video, and the lesson card
 * shows its notation and pattern player instead. Nothing else makes up a video link.
 */
export type LessonVideos = Readonly<Record<string, string>>;

export const LESSON_VIDEOS: LessonVideos = lessonVideosFile as LessonVideos;

export const LESSON_VIDEOS_FILE = 'domain/src/catalogue/lesson-videos.json';

/** A Vimeo video id: digits only (the number in https://vimeo.com/123456789). */
const VIMEO_ID = /^[1-9][0-9]{0,11}$/;
const LESSON_ID = /^[1-9][0-9]{0,14}$/;

export const vimeoVideoUrl = (videoId: string): string => `https://vimeo.com/${videoId}`;

/**
 * The video link of a lesson, if an operator supplied a well-formed one (a malformed id, which
 * `catalogue validate` reports, gives no video rather than a broken frame).
 */
export const lessonVideoUrl = (
  lessonId: number,
  videos: LessonVideos = LESSON_VIDEOS,
): string | undefined => {
  const videoId = Object.hasOwn(videos, String(lessonId)) ? videos[String(lessonId)] : undefined;
  return typeof videoId === 'string' && VIMEO_ID.test(videoId) ? vimeoVideoUrl(videoId) : undefined;
};

/**
 * Problems in a lesson → video map: keys that are not lesson ids of the catalogue, values that are not
 * Vimeo ids. One message per problem, naming the file and the entry.
 */
export function validateLessonVideos(videos: unknown, exercises: readonly Exercise[]): string[] {
  if (typeof videos !== 'object' || videos === null || Array.isArray(videos))
    return [`${LESSON_VIDEOS_FILE}: must be an object of "lessonId": "vimeoVideoId" entries`];
  const known = new Set(exercises.map((exercise) => exercise.lesson_id));
  const errors: string[] = [];
  for (const [lessonId, videoId] of Object.entries(videos)) {
    if (!LESSON_ID.test(lessonId)) {
      errors.push(`${LESSON_VIDEOS_FILE}: "${lessonId}" is not a lesson id (a positive whole number)`);
      continue;
    }
    if (!known.has(Number(lessonId)))
      errors.push(`${LESSON_VIDEOS_FILE}: lesson ${lessonId} is not in the catalogue`);
    if (typeof videoId !== 'string' || !VIMEO_ID.test(videoId))
      errors.push(
        `${LESSON_VIDEOS_FILE}: lesson ${lessonId}: video id ${JSON.stringify(videoId)} is not a Vimeo video id (digits only, e.g. "76979871")`,
      );
  }
  return errors;
}
