import { LEVELS, isLevel, levelIndex } from '../rules/levels.js';
import { METRONOME_BPM } from '../rules/limits.js';
import { isSkill } from '../rules/skills.js';
import type { Exercise } from './exercise.js';
import { VOICES } from './exercise.js';
import { LESSON_VIDEOS, validateLessonVideos } from './lesson-videos.js';
import { textProblems } from './validate-text.js';

export interface CatalogueValidation {
  ok: boolean;
  /** One message per problem, each starting with "lesson <id>:". */
  errors: string[];
}

/** Practice time bounds in minutes: exercises 2-15, warm-ups 2-5 (combined into 5-10 minute blocks). */
export const EXERCISE_MINUTES = { min: 2, max: 15 } as const;
export const WARM_UP_EXERCISE_MINUTES = { min: 2, max: 5 } as const;

const SUBDIVISIONS = new Set([2, 3, 4, 6, 8]);
const STICKINGS = new Set(['R', 'L', 'B', 'F']);
const ORNAMENTS = new Set(['flam', 'drag', 'buzz']);
const VOICE_SET = new Set<string>(VOICES);

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

function validateNotation(exercise: Exercise, fail: (message: string) => void): void {
  const { notation } = exercise;
  if (!notation || typeof notation !== 'object') return fail('notation is missing');
  const { timeSignature, subdivision, bars, notes } = notation;
  if (
    !timeSignature ||
    !isPositiveInteger(timeSignature.beats) ||
    (timeSignature.beatUnit !== 4 && timeSignature.beatUnit !== 8)
  ) {
    fail('time signature must have a positive number of beats and a beat unit of 4 or 8');
    return;
  }
  if (!SUBDIVISIONS.has(subdivision)) fail(`subdivision ${String(subdivision)} is not one of 2, 3, 4, 6, 8`);
  if (!isPositiveInteger(bars)) fail(`bars must be a positive integer, got ${String(bars)}`);
  if (!Array.isArray(notes) || notes.length === 0) return fail('notation has no notes');
  const gridSteps = timeSignature.beats * subdivision * bars;
  notes.forEach((note, i) => {
    if (!Number.isInteger(note.step) || note.step < 0 || note.step >= gridSteps) {
      fail(`note ${i} at step ${note.step} lies outside the grid of ${gridSteps} steps`);
    }
    if (!VOICE_SET.has(note.voice)) fail(`note ${i} has unknown voice "${String(note.voice)}"`);
    if (note.sticking !== undefined && !STICKINGS.has(note.sticking))
      fail(`note ${i} has unknown sticking "${String(note.sticking)}"`);
    if (note.ornament !== undefined && !ORNAMENTS.has(note.ornament))
      fail(`note ${i} has unknown ornament "${String(note.ornament)}"`);
  });
  if (notation.click) {
    for (const bar of notation.click.mutedBars) {
      if (!Number.isInteger(bar) || bar < 0 || bar >= bars)
        fail(`muted click bar ${bar} is outside bars 0-${bars - 1}`);
    }
  }
}

function validateExercise(exercise: Exercise, fail: (message: string) => void): void {
  if (typeof exercise.name !== 'string' || exercise.name.trim() === '') fail('name is empty');
  const focusOk = exercise.focus === 'warm_up' || isSkill(exercise.focus);
  if (!focusOk) fail(`focus "${String(exercise.focus)}" is not a skill or warm_up`);

  const levelsOk = [exercise.min_level, exercise.max_level].every(
    (level) => isLevel(level) && level !== LEVELS[0],
  );
  if (!levelsOk) {
    fail(
      `levels ${String(exercise.min_level)}-${String(exercise.max_level)} must be between starter and absolute_pro`,
    );
  } else if (levelIndex(exercise.min_level) > levelIndex(exercise.max_level)) {
    fail(`min_level ${exercise.min_level} is above max_level ${exercise.max_level}`);
  } else if (exercise.focus === 'beginner_course' && exercise.max_level !== 'starter') {
    fail(`beginner_course only has the starter level, got max_level ${exercise.max_level}`);
  }

  if (exercise.focus === 'warm_up' && exercise.type !== 'warm_up')
    fail(`a warm_up focus needs type warm_up, got ${exercise.type}`);
  if (exercise.focus !== 'warm_up' && exercise.type === 'warm_up')
    fail(`type warm_up needs focus warm_up, got ${exercise.focus}`);
  if (exercise.type !== 'warm_up' && exercise.type !== 'exercise')
    fail(`type "${String(exercise.type)}" is not warm_up or exercise`);

  if (!isPositiveInteger(exercise.start_bpm))
    fail(`start_bpm must be a positive integer, got ${exercise.start_bpm}`);
  else if (exercise.start_bpm < METRONOME_BPM.min || exercise.start_bpm > METRONOME_BPM.max) {
    fail(
      `start_bpm ${exercise.start_bpm} is outside the metronome range ${METRONOME_BPM.min}-${METRONOME_BPM.max}`,
    );
  }
  if (!isPositiveInteger(exercise.number_repetition)) {
    fail(`number_repetition must be a positive integer, got ${exercise.number_repetition}`);
  }
  const minutes = exercise.type === 'warm_up' ? WARM_UP_EXERCISE_MINUTES : EXERCISE_MINUTES;
  if (!(exercise.practice_time > 0)) fail(`practice_time must be positive, got ${exercise.practice_time}`);
  else if (exercise.practice_time < minutes.min || exercise.practice_time > minutes.max) {
    fail(`practice_time ${exercise.practice_time} is outside ${minutes.min}-${minutes.max} minutes`);
  }
  if (typeof exercise.description_text !== 'string' || exercise.description_text.trim() === '')
    fail('description_text is empty');
  if (exercise.video_url !== undefined && !/^https:\/\/\S+$/.test(exercise.video_url))
    fail(`video_url "${exercise.video_url}" is not an https link`);
  validateNotation(exercise, fail);
  if (typeof exercise.description_text === 'string' && Array.isArray(exercise.notation?.notes))
    for (const problem of textProblems(exercise)) fail(`text: ${problem}`);
}

/**
 * Checks a catalogue before it is used: ids, names, levels, focus and type, tempo and times, that every
 * notation has notes on its grid, that its name and description say only what its notation shows (`textProblems`), and the operator's lesson → video list (`videos`, by default
 * `lesson-videos.json`) against it. Returns every problem found (not only the first), each naming its
 * lesson or the video list's entry.
 */
export function validateCatalogue(
  exercises: readonly Exercise[],
  videos: unknown = LESSON_VIDEOS,
): CatalogueValidation {
  const errors: string[] = [];
  const seenIds = new Set<number>();
  const seenNames = new Map<string, number>();
  for (const exercise of exercises) {
    const id = exercise.lesson_id;
    const fail = (message: string) => {
      errors.push(`lesson ${String(id)}: ${message}`);
    };
    if (!isPositiveInteger(id)) fail('lesson_id must be a positive integer');
    else if (seenIds.has(id)) fail('duplicate lesson_id');
    seenIds.add(id);
    const other = seenNames.get(exercise.name);
    if (other !== undefined) fail(`duplicate name "${exercise.name}" (also lesson ${other})`);
    else seenNames.set(exercise.name, id);
    validateExercise(exercise, fail);
  }
  errors.push(...validateLessonVideos(videos, exercises));
  return { ok: errors.length === 0, errors };
}
