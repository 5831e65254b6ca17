import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { Exercise } from '../catalogue/exercise.js';
import { DomainError } from '../errors/domain-error.js';
import { DEFAULT_DIFFICULTY_RATING } from '../rules/difficulty-ratings.js';
import { levelIndex, type Level } from '../rules/levels.js';
import { METRONOME_BPM, PRACTICE_TIME, WARM_UP_MINUTES } from '../rules/limits.js';
import { entitlementsFor } from '../rules/plans.js';
import { SKILL_DISPLAY_NAMES, type Skill } from '../rules/skills.js';
import { lessonsLeftToday, type Plan } from '../rules/usage.js';
import {
  exercisesPlaying,
  nearestLevelExercises,
  notesAtPosition,
  type CatalogueIndex,
} from './catalogue-index.js';
import { lessonReadiness, type LessonEvaluationSummary } from './lesson-rest.js';
import { weakSpotReason, type WeakSpot } from '../timing/weak-spots.js';
import { returnsDueOf } from './spaced-returns.js';
import type { LessonTakeHistory } from './take-history.js';
import { planTempo, type TempoPlan } from './tempo-plan.js';
import { LIMIT_REACHED_LESSON_ID, type PracticeSchedule, type ScheduledLesson } from './practice-schedule.js';
import { SeededDraw } from './seeded-draw.js';

/** A chosen skill and the customer's level in it (the schedule request's `skillPreference`). */
export interface SkillPreference {
  focus: Skill;
  level: Level;
}

export interface GenerateScheduleInput {
  /** Built once with `indexCatalogue`. */
  catalogue: CatalogueIndex;
  skills: readonly SkillPreference[];
  /** Minutes, 10 to 360. */
  practiceTime: number;
  /** Drum Pad mode: only pad-sufficient lessons and warm-ups. */
  padSufficient: boolean;
  plan: Plan;
  /** Non-warm-up lessons already used today (the customer's day). */
  lessonsUsedToday: number;
  /** Per lesson id: last rating, last time, count. */
  evaluations: ReadonlyMap<number, LessonEvaluationSummary>;
  /** Per lesson id: the takes of its latest plays (the tempo plan); none: every lesson at its written tempo. */
  takeHistory?: ReadonlyMap<number, LessonTakeHistory>;
  /**
   * Per lesson id with takes: when its spaced return is due (the practice state keeps it); worked out
   * from `takeHistory` and `evaluations` when absent.
   */
  returnsDue?: ReadonlyMap<number, number>;
  /** The drummer's worst weak spot (`weakSpots`): one lesson that works it comes first, if one fits. */
  weakSpot?: WeakSpot;
  now: Date;
  /** Same input and seed, same schedule. */
  seed: number;
}

/** The input with every played lesson's return date. */
type ReturnsInput = GenerateScheduleInput & { returnsDue: ReadonlyMap<number, number> };

/** One chosen skill's candidates, drawn in seeded order. */
interface SkillSlot {
  skill: SkillPreference;
  /** The level index its exercises are drawn at (the skill's, or the nearest that has lessons). */
  level: number;
  exercises: readonly Exercise[];
  /** Played lessons of this slot whose spaced return is due, the longest due first. */
  due: Exercise[];
  /** Ids of the due returns: they come through `due`, so the draw passes over them. */
  queued: Set<number>;
  /** Lessons scheduled for this slot: returns take every other turn, so new lessons keep coming. */
  turns: number;
  draw: SeededDraw<Exercise>;
  /** Drawn while resting: used only when the skill has nothing fresh left that fits. */
  resting: Exercise[];
  minutes: number;
  exhausted: boolean;
}

const toScheduledLesson = (exercise: Exercise, plan?: TempoPlan): ScheduledLesson => {
  const { notation: _notation, ...lesson } = exercise;
  if (!plan || plan.basis.kind === 'catalogue') return lesson;
  const { startBpm, targetBpm, basis } = plan;
  return { ...lesson, start_bpm: startBpm, tempo_plan: { targetBpm, basis } };
};

/** A lesson at the start tempo its plan gives this drummer (`tempo-plan.ts`). */
const plannedLesson = (exercise: Exercise, input: GenerateScheduleInput): ScheduledLesson =>
  toScheduledLesson(
    exercise,
    planTempo(
      exercise,
      input.takeHistory?.get(exercise.lesson_id),
      input.evaluations.get(exercise.lesson_id),
      input.now,
    ),
  );

const limitReachedLesson = (skill: SkillPreference, padSufficient: boolean): ScheduledLesson => ({
  lesson_id: LIMIT_REACHED_LESSON_ID,
  name: 'Daily Limit reached',
  focus: skill.focus,
  min_level: skill.level,
  max_level: skill.level,
  pad_sufficient: padSufficient,
  description_text: "You've reached your daily limit. Upgrade to practise without limits.",
  start_bpm: METRONOME_BPM.default,
  number_repetition: 0,
  practice_time: 0,
  type: 'limit_reached',
});

const checkRequest = (input: GenerateScheduleInput): SkillPreference[] => {
  const { practiceTime, padSufficient, plan } = input;
  if (!Number.isInteger(practiceTime) || practiceTime < PRACTICE_TIME.min || practiceTime > PRACTICE_TIME.max)
    throw new DomainError(
      'invalid_input',
      `Practice time must be between ${PRACTICE_TIME.min} and ${PRACTICE_TIME.max} minutes`,
    );
  const skills = [...new Map(input.skills.map((skill) => [skill.focus, skill])).values()];
  if (skills.length === 0) throw new DomainError('no_skill_selected', 'Please select at least one skill');
  const entitlements = entitlementsFor(plan.tier, plan.status);
  if (entitlements.maxSkillsPerSession !== null && skills.length > entitlements.maxSkillsPerSession)
    throw new DomainError(
      'too_many_skills',
      `Your plan combines at most ${entitlements.maxSkillsPerSession} skills per session; upgrade to premium to combine more.`,
    );
  if (padSufficient && !entitlements.drumPadMode)
    throw new DomainError(
      'pad_mode_not_in_plan',
      'Drum Pad mode is part of the premium and exclusive plans.',
    );
  return skills;
};

/** The chosen skills in seeded order, so ties in time do not always favour the first skill. */
const seededOrder = <T>(items: readonly T[], rng: RandomGenerator): T[] => {
  const draw = new SeededDraw(items, rng);
  const ordered: T[] = [];
  for (let item = draw.next(); item !== undefined; item = draw.next()) ordered.push(item);
  return ordered;
};

/** Warm-ups first: 5 to 10 minutes, at the lowest chosen level, pad warm-ups in Drum Pad mode. */
const warmUpBlock = (
  input: GenerateScheduleInput,
  skills: readonly SkillPreference[],
  rng: RandomGenerator,
): ScheduledLesson[] => {
  const lowestLevel = Math.max(1, Math.min(...skills.map((skill) => levelIndex(skill.level))));
  const { exercises } = nearestLevelExercises(input.catalogue, 'warm_up', lowestLevel, input.padSufficient);
  const draw = new SeededDraw(exercises, rng);
  const block: ScheduledLesson[] = [];
  let minutes = 0;
  for (let warmUp = draw.next(); warmUp && minutes < WARM_UP_MINUTES.min; warmUp = draw.next()) {
    if (minutes + warmUp.practice_time > WARM_UP_MINUTES.max) continue;
    block.push(plannedLesson(warmUp, input));
    minutes += warmUp.practice_time;
  }
  return block;
};

/**
 * Whether a lesson must wait: a lesson played with the timing coach follows its spaced return
 * (`spaced-returns.ts`), one without takes the self-rating rests (`lesson-rest.ts`).
 */
const isResting = (exercise: Exercise, input: ReturnsInput, nowMs: number): boolean => {
  const dueAt = input.returnsDue.get(exercise.lesson_id);
  return dueAt !== undefined
    ? nowMs < dueAt
    : lessonReadiness(input.evaluations.get(exercise.lesson_id), nowMs) === 'resting';
};

/** The played lessons whose return is due, each in the first slot it belongs to, the longest due first. */
const fillDueReturns = (slots: readonly SkillSlot[], input: ReturnsInput, nowMs: number): void => {
  const dueAt = new Map<number, number>();
  for (const [lessonId, at] of input.returnsDue) {
    const exercise = at <= nowMs ? input.catalogue.byId.get(lessonId) : undefined;
    if (!exercise || exercise.type !== 'exercise') continue;
    const slot = slots.find(
      ({ skill, level }) =>
        exercise.focus === skill.focus &&
        (!input.padSufficient || exercise.pad_sufficient) &&
        levelIndex(exercise.min_level) <= level &&
        level <= levelIndex(exercise.max_level),
    );
    if (!slot) continue;
    slot.due.push(exercise);
    slot.queued.add(lessonId);
    dueAt.set(lessonId, at);
  }
  for (const slot of slots)
    slot.due.sort(
      (a, b) => (dueAt.get(a.lesson_id) ?? 0) - (dueAt.get(b.lesson_id) ?? 0) || a.lesson_id - b.lesson_id,
    );
};

/** A due return of the slot that fits, on every other turn of the slot. */
const nextReturn = (
  slot: SkillSlot,
  minutesLeft: number,
  alreadyScheduled?: number,
): Exercise | undefined => {
  if (slot.turns % 2 === 1) return undefined;
  const index = slot.due.findIndex(
    (exercise) => exercise.practice_time <= minutesLeft && exercise.lesson_id !== alreadyScheduled,
  );
  const [exercise] = index < 0 ? [] : slot.due.splice(index, 1);
  return exercise;
};

/** The next lesson of a skill that fits the time left: fresh ones first, resting ones as a last resort. */
const nextLesson = (slot: SkillSlot, minutesLeft: number, input: ReturnsInput, alreadyScheduled?: number) => {
  const nowMs = input.now.getTime();
  const returning = nextReturn(slot, minutesLeft, alreadyScheduled);
  if (returning) return plannedLesson(returning, input);
  for (let exercise = slot.draw.next(); exercise; exercise = slot.draw.next()) {
    // Time left only shrinks, so a lesson too long now never fits later.
    if (exercise.practice_time > minutesLeft || exercise.lesson_id === alreadyScheduled) continue;
    if (slot.queued.has(exercise.lesson_id)) continue;
    if (isResting(exercise, input, nowMs)) slot.resting.push(exercise);
    else return plannedLesson(exercise, input);
  }
  const restingIndex = slot.resting.findIndex((exercise) => exercise.practice_time <= minutesLeft);
  if (restingIndex < 0) return undefined;
  const [exercise] = slot.resting.splice(restingIndex, 1);
  return exercise && plannedLesson(exercise, input);
};

/**
 * The lesson aimed at a weak spot: of the chosen skills' lessons that are not resting and fit the time,
 * the one whose pattern plays that voice at that position most (then the lowest id), labelled with why.
 */
const aimedAtWeakSpot = (
  spot: WeakSpot,
  slots: readonly SkillSlot[],
  minutesLeft: number,
  input: ReturnsInput,
): { slot: SkillSlot; lesson: ScheduledLesson } | undefined => {
  let best: { slot: SkillSlot; exercise: Exercise; notes: number } | undefined;
  const nowMs = input.now.getTime();
  for (const slot of slots)
    for (const exercise of exercisesPlaying(slot.exercises, spot.voice, spot.position)) {
      const notes = notesAtPosition(exercise, spot.voice, spot.position);
      // Most notes first, then the lowest id: once one cannot beat the best, none after it can.
      if (
        best &&
        (notes < best.notes || (notes === best.notes && exercise.lesson_id > best.exercise.lesson_id))
      )
        break;
      if (exercise.practice_time > minutesLeft || isResting(exercise, input, nowMs)) continue;
      best = { slot, exercise, notes };
      break;
    }
  if (!best) return undefined;
  const lesson = plannedLesson(best.exercise, input);
  return {
    slot: best.slot,
    lesson: {
      ...lesson,
      weak_spot: { voice: spot.voice, position: spot.position, reason: weakSpotReason(spot) },
    },
  };
};

/**
 * Generates a practice schedule (product-spec §3 and §4, DESIGN.md "Schedule"):
 * - a warm-up block of 5-10 minutes first (skipped only if the catalogue has no warm-up at all);
 * - with a weak spot, one lesson of the chosen skills that works it (`aimedAtWeakSpot`) comes first;
 * - then lessons whose focus is a chosen skill and whose levels include the skill's level (when
 *   that level has no lesson, the nearest level that has), pad-sufficient in Drum Pad mode;
 * - the skill with the fewest minutes so far goes next, so time spreads evenly over the skills;
 * - total time (warm-ups included) is at most the target, and falls short of it by less than the
 *   shortest lesson still available;
 * - no lesson twice; a lesson played with the timing coach returns on its spaced schedule
 *   (`spaced-returns.ts`: due returns come first, on every other turn of their skill) at its planned
 *   tempo (`tempo-plan.ts`); without takes, a lesson rated too easy (or mastered) rests 14 days and
 *   one rated too hard rests 3 days, then returns at 85% of its start tempo; resting lessons fill
 *   in only when a skill has nothing else that fits;
 * - with a daily limit: after the lessons left today, ONE `limit_reached` lesson (id -1,
 *   0 minutes) ends the schedule if more would have followed.
 *
 * Throws `DomainError`: `no_lessons_left` (429), `too_many_skills`, `pad_mode_not_in_plan`,
 * `no_skill_selected`, `invalid_input` (400), `no_exercises_for_skill` (a focus without any lesson).
 */
export const generateSchedule = (request: GenerateScheduleInput): PracticeSchedule => {
  const input: ReturnsInput = {
    ...request,
    returnsDue: request.returnsDue ?? returnsDueOf(request.takeHistory ?? new Map(), request.evaluations),
  };
  const skills = checkRequest(input);
  const lessonsLeft = lessonsLeftToday(input.plan, input.lessonsUsedToday);
  if (lessonsLeft === 0) throw new DomainError('no_lessons_left', 'Free lesson limit reached');

  // Any number is a seed; the generator takes 32-bit integers.
  const rng = xoroshiro128plus(input.seed | 0);
  const lessons = warmUpBlock(input, skills, rng);
  let minutesLeft = input.practiceTime - lessons.reduce((sum, lesson) => sum + lesson.practice_time, 0);

  const slots: SkillSlot[] = seededOrder(skills, rng).map((skill) => {
    const { exercises, level } = nearestLevelExercises(
      input.catalogue,
      skill.focus,
      levelIndex(skill.level),
      input.padSufficient,
    );
    if (exercises.length === 0)
      throw new DomainError(
        'no_exercises_for_skill',
        `There are no ${input.padSufficient ? 'Drum Pad ' : ''}lessons for ${SKILL_DISPLAY_NAMES[skill.focus]} yet.`,
      );
    return {
      skill,
      level,
      exercises,
      due: [],
      queued: new Set<number>(),
      turns: 0,
      draw: new SeededDraw(exercises, rng),
      resting: [],
      minutes: 0,
      exhausted: false,
    };
  });
  fillDueReturns(slots, input, input.now.getTime());

  let lessonsAdded = 0;
  const aimed = input.weakSpot && aimedAtWeakSpot(input.weakSpot, slots, minutesLeft, input);
  if (aimed) {
    lessons.push(aimed.lesson);
    lessonsAdded++;
    aimed.slot.minutes += aimed.lesson.practice_time;
    minutesLeft -= aimed.lesson.practice_time;
  }
  while (minutesLeft > 0) {
    let slot: SkillSlot | undefined;
    for (const candidate of slots)
      if (!candidate.exhausted && (!slot || candidate.minutes < slot.minutes)) slot = candidate;
    if (!slot) break;
    const lesson = nextLesson(slot, minutesLeft, input, aimed?.lesson.lesson_id);
    if (!lesson) {
      slot.exhausted = true;
      continue;
    }
    if (lessonsAdded === lessonsLeft) {
      lessons.push(limitReachedLesson(slot.skill, input.padSufficient));
      break;
    }
    lessons.push(lesson);
    lessonsAdded++;
    slot.turns++;
    slot.minutes += lesson.practice_time;
    minutesLeft -= lesson.practice_time;
  }

  return {
    lessons,
    currentLessonIndex: 0,
    targetPracticeTime: input.practiceTime,
    practiceTimeBeforeCurrentExercise: 0,
    evaluation: { rating_difficulty: DEFAULT_DIFFICULTY_RATING },
  };
};
