import { initialPracticeClock, type PracticeClock } from '../progress/practice-clock.js';
import type { Level } from '../rules/levels.js';
import { SKILLS, type Skill } from '../rules/skills.js';
import type { LessonEvaluationSummary } from '../scheduler/lesson-rest.js';
import type { LessonTakeHistory } from '../scheduler/take-history.js';

/** What a `practice-` stream folds into: what the practice commands decide on. */

export interface PracticeState {
  levels: Readonly<Record<Skill, Level>>;
  selected: Readonly<Record<Skill, boolean>>;
  /** Percent 0-100 per skill, reset to 0 whenever the skill's level changes. */
  progress: Readonly<Record<Skill, number>>;
  /** Non-warm-up lessons per customer day ('YYYY-MM-DD'); only the latest days are kept. */
  usageByDay: Readonly<Record<string, number>>;
  /** For the scheduler's rest rules. */
  evaluations: ReadonlyMap<number, LessonEvaluationSummary>;
  /** Per lesson id: its latest plays' takes, for the tempo plan and the returns. */
  takeHistory: ReadonlyMap<number, LessonTakeHistory>;
  /**
   * Per lesson id with takes: when its spaced return is due (`returnDueAt` of its take history and
   * evaluation, ms since the epoch), kept as they change so a schedule reads it instead of working
   * it out for every lesson ever played.
   */
  returnsDue: ReadonlyMap<number, number>;
  selfRated: boolean;
  /** The server's practice clock: what evaluations and practice activity are credited by. */
  clock: PracticeClock;
}

export const perSkill = <T>(value: T): Record<Skill, T> =>
  Object.fromEntries(SKILLS.map((skill) => [skill, value])) as Record<Skill, T>;

export const initialPracticeState = (): PracticeState => ({
  levels: perSkill<Level>('level not set'),
  selected: perSkill(false),
  progress: perSkill(0),
  usageByDay: {},
  evaluations: new Map(),
  takeHistory: new Map(),
  returnsDue: new Map(),
  selfRated: false,
  clock: initialPracticeClock(),
});
