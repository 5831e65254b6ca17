import { match } from 'ts-pattern';
import { progressAfterLevelChange } from '../progress/level-progress.js';
import { clockAfterActivity } from '../progress/practice-clock.js';
import { levelIndex, type Level } from '../rules/levels.js';
import { isSkill, type Skill } from '../rules/skills.js';
import type { LessonEvaluationSummary } from '../scheduler/lesson-rest.js';
import { returnDueAt } from '../scheduler/spaced-returns.js';
import { withRating, withTake, type LessonTakeHistory } from '../scheduler/take-history.js';
import { takeTeachesPlans } from '../timing/take-plausibility.js';
import type { PracticeEvent } from './practice-events.js';
import { initialPracticeState, type PracticeState } from './practice-state.js';

/** Usage older than this many (recorded) days can no longer matter to a daily limit. */
const USAGE_DAYS_KEPT = 3;

const latestInstant = (known: string | null, next: string): string =>
  known !== null && Date.parse(known) > Date.parse(next) ? known : next;

/** The state after a skill's level is set: selected from index 1, progress reset if the level changed. */
const withLevel = (
  state: PracticeState,
  skill: Skill,
  level: Level,
  selected = levelIndex(level) > 0,
): PracticeState => ({
  ...state,
  levels: { ...state.levels, [skill]: level },
  selected: { ...state.selected, [skill]: selected },
  progress: {
    ...state.progress,
    [skill]: progressAfterLevelChange({ level: state.levels[skill], progress: state.progress[skill] }, level)
      .progress,
  },
});

export const evolvePractice = (state: PracticeState, event: PracticeEvent): PracticeState =>
  match(event)
    .returnType<PracticeState>()
    .with({ type: 'SkillsSelfRated' }, ({ data }) =>
      data.ratings.reduce<PracticeState>((rated, { skill, level }) => withLevel(rated, skill, level), {
        ...state,
        selfRated: true,
      }),
    )
    .with({ type: 'SkillLevelChanged' }, { type: 'LevelRaised' }, ({ data }) =>
      withLevel(state, data.skill, data.to),
    )
    .with({ type: 'SkillPreferenceChanged' }, ({ data }) =>
      withLevel(state, data.skill, data.level, data.selected),
    )
    .with({ type: 'LessonEvaluated' }, (event) => evolvePracticeEvents(state, [event]))
    .with({ type: 'TimingScored' }, (event) => evolvePracticeEvents(state, [event]))
    .with({ type: 'UsageIncremented' }, ({ data: { day } }) => {
      const usage = { ...state.usageByDay, [day]: (state.usageByDay[day] ?? 0) + 1 };
      const kept = Object.keys(usage).sort().slice(-USAGE_DAYS_KEPT);
      return { ...state, usageByDay: Object.fromEntries(kept.map((key) => [key, usage[key] ?? 0])) };
    })
    .with({ type: 'UsageReset' }, ({ data }) => {
      const { [data.day]: _cleared, ...usageByDay } = state.usageByDay;
      return { ...state, usageByDay };
    })
    // Today's usage survives: erasing one's history must not reset the daily limit.
    .with({ type: 'PracticeHistoryErased' }, () => ({
      ...initialPracticeState(),
      usageByDay: state.usageByDay,
    }))
    // A new session shows its first lesson: the clock counts from here (never from before a time it
    // already credited, should the server's clock step back).
    // A damaged event (no time to read) leaves the clock as it was: the projections park it.
    .with({ type: 'PracticeSessionScheduled' }, ({ data }) =>
      typeof (data as Partial<typeof data> | null)?.scheduledAt === 'string'
        ? {
            ...state,
            clock: { ...state.clock, shownAt: latestInstant(state.clock.shownAt, data.scheduledAt) },
          }
        : state,
    )
    .with({ type: 'PracticeActivityRecorded' }, ({ data }) => ({
      ...state,
      clock: clockAfterActivity(state.clock, data),
    }))
    .with({ type: 'WeeklyGoalSet' }, () => state)
    .exhaustive();

/**
 * `events.reduce(evolvePractice, state)` without copying the evaluations and take maps once per
 * `LessonEvaluated` or `TimingScored` (a year of practice has thousands): the fold copies each map
 * once, on its first change, and updates its own copy in place. `state` itself is never changed.
 */
export const evolvePracticeEvents = (
  state: PracticeState,
  events: readonly PracticeEvent[],
): PracticeState => {
  let current = state;
  let evaluations: Map<number, LessonEvaluationSummary> | null = null;
  let takeHistory: Map<number, LessonTakeHistory> | null = null;
  let returnsDue: Map<number, number> | null = null;
  /** A played lesson's return after its takes or its evaluation changed. */
  const dueAgain = (lessonId: number, history: LessonTakeHistory) => {
    const at = returnDueAt(history, current.evaluations.get(lessonId));
    returnsDue ??= new Map(current.returnsDue);
    if (at === null) returnsDue.delete(lessonId);
    else returnsDue.set(lessonId, at);
    current = { ...current, returnsDue };
  };
  for (const event of events) {
    if (event.type === 'TimingScored') {
      // A false start or an uncalibrated take is never a tempo plan's basis (`takeTeachesPlans`).
      if (!takeTeachesPlans(event.data)) continue;
      const { lessonId, bpm, accuracy, playId, scoredAt } = event.data;
      takeHistory ??= new Map(current.takeHistory);
      const history = withTake(takeHistory.get(lessonId), { bpm, accuracy, playId, at: scoredAt });
      takeHistory.set(lessonId, history);
      current = { ...current, takeHistory };
      dueAgain(lessonId, history);
      continue;
    }
    if (event.type !== 'LessonEvaluated') {
      current = evolvePractice(current, event);
      if (current.evaluations !== evaluations) evaluations = null;
      if (current.takeHistory !== takeHistory) takeHistory = null;
      if (current.returnsDue !== returnsDue) returnsDue = null;
      continue;
    }
    const { lessonId, ratingDifficulty, evaluatedAt, focus, progressAfter, playId, practisedMs, earned } =
      event.data;
    evaluations ??= new Map(current.evaluations);
    const count = (evaluations.get(lessonId)?.count ?? 0) + 1;
    evaluations.set(lessonId, { lastRating: ratingDifficulty, lastEvaluatedAt: evaluatedAt, count });
    const played = current.takeHistory.get(lessonId);
    const history = played && (withRating(played, playId) ?? played);
    if (history) {
      takeHistory ??= new Map(current.takeHistory);
      takeHistory.set(lessonId, history);
    }
    const progress =
      progressAfter !== undefined && isSkill(focus)
        ? { ...current.progress, [focus]: progressAfter }
        : current.progress;
    // The evaluation shows the next lesson of the session: its clock starts here.
    const clock = {
      shownAt: latestInstant(current.clock.shownAt, evaluatedAt),
      unrecordedMs: current.clock.unrecordedMs + (practisedMs ?? 0),
      unrecordedLessons: current.clock.unrecordedLessons + (earned && practisedMs !== null ? 1 : 0),
    };
    current = { ...current, evaluations, progress, clock, takeHistory: takeHistory ?? current.takeHistory };
    if (history) dueAgain(lessonId, history);
  }
  return current;
};
