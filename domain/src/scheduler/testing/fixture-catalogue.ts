import type { Exercise } from '../../catalogue/exercise.js';
import { levelAt } from '../../rules/levels.js';
import type { LessonFocus } from '../../rules/skills.js';

const FOCI_WITH_SEVEN_LEVELS: LessonFocus[] = [
  'hand_technique',
  'hand_speed',
  'independence',
  'groove_feel_sound',
  'timing',
  'drum_fills',
  'grooves',
];
const LESSON_MINUTES = [5, 10, 15] as const;
const WARM_UP_MINUTES = [2, 3, 4, 5] as const;

/** The longest lesson (not warm-up) of the fixture, in minutes. */
export const FIXTURE_LONGEST_LESSON = Math.max(...LESSON_MINUTES);

const exercise = (lesson_id: number, fields: Partial<Exercise> & Pick<Exercise, 'focus'>): Exercise => ({
  lesson_id,
  name: `${fields.focus} ${lesson_id}`,
  min_level: 'starter',
  max_level: 'starter',
  pad_sufficient: false,
  description_text: 'A fixture exercise.',
  start_bpm: 80,
  number_repetition: 4,
  practice_time: 5,
  type: 'exercise',
  notation: { timeSignature: { beats: 4, beatUnit: 4 }, subdivision: 4, bars: 1, notes: [] },
  ...fields,
});

/**
 * A small hand-made catalogue: for every skill but the beginner course, `perLevel` exercises at
 * each level 1-7 (every third spans the next level too, every second is pad-sufficient, 5-15
 * minutes); the beginner course at starter only; warm-ups of 2-5 minutes across all levels.
 * `omit` drops exercises, e.g. to leave a level empty.
 */
export const fixtureCatalogue = ({
  perLevel = 24,
  omit = () => false,
}: { perLevel?: number; omit?: (exercise: Exercise) => boolean } = {}): Exercise[] => {
  const exercises: Exercise[] = [];
  let id = 1;
  for (const focus of FOCI_WITH_SEVEN_LEVELS)
    for (let level = 1; level <= 7; level++)
      for (let k = 0; k < perLevel; k++)
        exercises.push(
          exercise(id++, {
            focus,
            min_level: levelAt(level),
            max_level: levelAt(k % 3 === 0 ? Math.min(7, level + 1) : level),
            pad_sufficient: k % 2 === 0,
            practice_time: LESSON_MINUTES[k % LESSON_MINUTES.length],
            start_bpm: 60 + 10 * level + k,
          }),
        );
  for (let k = 0; k < perLevel; k++)
    exercises.push(
      exercise(id++, {
        focus: 'beginner_course',
        pad_sufficient: k % 2 === 0,
        practice_time: LESSON_MINUTES[k % LESSON_MINUTES.length],
      }),
    );
  for (let k = 0; k < 16; k++)
    exercises.push(
      exercise(id++, {
        focus: 'warm_up',
        type: 'warm_up',
        min_level: 'starter',
        max_level: 'absolute_pro',
        pad_sufficient: k % 2 === 0,
        practice_time: WARM_UP_MINUTES[k % WARM_UP_MINUTES.length],
      }),
    );
  return exercises.filter((candidate) => !omit(candidate));
};
