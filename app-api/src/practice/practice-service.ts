import {
  canLevelUp,
  createSnapshots,
  customerDay,
  dayKeyInZone,
  zoneChangeUsageAdjustment,
  lessonsLeftToday,
  loadState,
  planTempo,
  practiceDecider,
  practiceEventSchemaVersions,
  practiceStateCodec,
  practiceStreamId,
  sessionToSchedule,
  SKILLS,
  usageOn,
  type CatalogueIndex,
  type CustomerProgressEntry,
  type Exercise,
  type FinishExerciseRequest,
  type Plan,
  type PracticeActivityEntry,
  type PracticeActivityRequest,
  type PracticeCommand,
  type PracticeEvent,
  type PracticeSchedule,
  type PracticeState,
  type ScheduleRequestBody,
  type ScheduleSession,
  type SessionRequest,
  type Level,
  type Skill,
  type SkillPreferencePatch,
  type SkillSelfRatingRequest,
  type LessonFocus,
  type LessonHistoryEntry,
  type TimeZone,
  type TempoPlan,
  type TimingScoredRequest,
  type SteadyLag,
  steadyLag,
  type WeakSpot,
  weakSpots,
} from '@stickwork/domain';
import {
  initialPracticeProgress,
  lessonHistoryEntries,
  lessonHistoryModelsOf,
  lessonsUsedOn,
  practiceActivityEntries,
  practiceHeatmapProjection,
  practiceProgressProjection,
  practiceStreaksProjection,
  practiceUsageProjection,
  timingPositionsProjection,
  type PracticeHeatmapModel,
  type PracticeProgressModel,
  type PracticeStreaksModel,
  type PracticeUsageModel,
  type TimingPositionsModel,
} from '@stickwork/projections';
import type { Backend } from '../backend.js';
import { HttpError } from '../http/http-error.js';
import { runPracticeCommand } from './practice-commands.js';
import { scheduleSeed } from './schedule-seed.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days after a zone change in which a day key of the old zone can be today's (offsets differ by 26 h at most). */
const ZONE_CHANGE_DAYS_AFFECTED = 3;

/** The authenticated customer a practice request acts for. */
export interface Practitioner {
  customerId: string;
  /** From the customer stream, not the token: a plan change counts at once. */
  plan: Plan;
  /** When the customer last changed their zone explicitly (the daily limit's carry-over); null: never. */
  timeZoneChangedAt?: string | null;
}

export type PracticeBackend = Pick<Backend, 'store' | 'readModels' | 'projections' | 'clock'> &
  Partial<Pick<Backend, 'practiceSnapshots'>>;

/**
 * The schedule service's application logic (product-spec §7, first table).
 *
 * Where answers come from:
 * - Commands (schedule, ratings, level changes, evaluations, usage, activity) read and fold the
 *   customer's `practice-` stream and append with the revision they read (`handleCommand`), so
 *   rules such as the daily lesson limit hold under concurrency. Each command then waits until
 *   the projections have passed its position before it answers (read-your-writes, DESIGN.md),
 *   so whatever the client reads next already shows its write.
 * - Queries (focus, progress, usage, activity, the practice report) read the read models of
 *   `@stickwork/projections` (the same ones the CLI uses), never the stream.
 */
export const createPracticeService = (
  backend: PracticeBackend,
  /** The index, or how to get it when first needed (building it costs most of a start-up). */
  catalogueIndex: CatalogueIndex | (() => CatalogueIndex),
) => {
  const lessons = typeof catalogueIndex === 'function' ? catalogueIndex : () => catalogueIndex;
  const { store, readModels, projections } = backend;
  // Without snapshots from the backend (a hand-made backend), states are still kept by revision in memory.
  const snapshots = backend.practiceSnapshots ?? createSnapshots(practiceStateCodec, undefined);

  /** Decides and appends, then waits (bounded) until the read models show the new events. */
  const run = (customerId: string, command: Parameters<typeof runPracticeCommand>[2]) =>
    runPracticeCommand({ store, projections, snapshots }, customerId, command);

  const command = <Type extends PracticeCommand['type']>(
    type: Type,
    data: Extract<PracticeCommand, { type: Type }>['data'],
  ) => ({ type, data, metadata: { now: backend.clock() } }) as Extract<PracticeCommand, { type: Type }>;

  const model = <State>(projection: { name: string }, customerId: string): State | undefined =>
    readModels.get<State>(projection.name, customerId);

  /** The weak spots as of the customer's today (takes are dayed in their pinned zone). */
  const weakSpotsOf = (customerId: string, timeZone: TimeZone): WeakSpot[] => {
    const positions = model<TimingPositionsModel>(timingPositionsProjection, customerId);
    return positions ? weakSpots(positions.days, customerDay(backend.clock(), timeZone)) : [];
  };

  const progressModel = (customerId: string): PracticeProgressModel =>
    model<PracticeProgressModel>(practiceProgressProjection, customerId) ?? initialPracticeProgress();

  const progressEntry = (
    state: Pick<PracticeState, 'levels' | 'progress'>,
    skill: Skill,
  ): CustomerProgressEntry => ({
    skillName: skill,
    skillLevel: state.levels[skill],
    levelProgress: state.progress[skill],
  });

  /**
   * What the customer's last zone change adds to (or takes from) today's count; the practice stream
   * is read only in the days right after a change (no day key of the old zone is today's after them).
   */
  const zoneChangeAdjustmentToday = async (who: Practitioner, timeZone: TimeZone): Promise<number> => {
    const changedAt = who.timeZoneChangedAt ?? null;
    const now = backend.clock();
    if (changedAt === null || now.getTime() - Date.parse(changedAt) > ZONE_CHANGE_DAYS_AFFECTED * DAY_MS)
      return 0;
    const events = await backend.store.readStream(practiceStreamId(who.customerId));
    return zoneChangeUsageAdjustment(events, { changedAt, timeZone }, now);
  };

  return {
    /** POST /api/lesson/schedule: a session on the full catalogue, recorded on the stream. */
    async schedule(
      who: Practitioner,
      request: ScheduleRequestBody,
      timeZone: TimeZone,
    ): Promise<PracticeSchedule> {
      const now = backend.clock();
      const zoneChangeAdjustment = await zoneChangeAdjustmentToday(who, timeZone);
      const [weakSpot] = weakSpotsOf(who.customerId, timeZone);
      const session: SessionRequest = {
        catalogue: lessons(),
        skills: request.skillPreference,
        practiceTime: request.practiceTime,
        padSufficient: request.padSufficient,
        plan: who.plan,
        timeZone,
        seed: scheduleSeed(who.customerId, now),
        zoneChangeAdjustment,
        ...(weakSpot ? { weakSpot } : {}),
      };
      // Generated once, on the state the command is decided on (again if a concurrent write wins).
      let recorded: ScheduleSession | undefined;
      await run(who.customerId, (state) => (recorded = sessionToSchedule(state, session, { now })));
      return recorded!.data.schedule;
    },

    /**
     * POST /api/focus: the self-rating of registration. A skill sent as unselected but with a
     * level keeps that level and is deselected, in the same append.
     */
    async rateSkills(who: Practitioner, request: SkillSelfRatingRequest): Promise<void> {
      const ratings = request.skillSelfRating.map(({ skillName, level, selected }) => ({
        skill: skillName,
        level,
        selected,
      }));
      await run(who.customerId, command('RateSkills', { ratings }));
    },

    /**
     * PATCH /api/focus: one skill's selection and level; a new level restarts its progress at 0.
     * Answers the events appended.
     */
    async changeSkillPreference(who: Practitioner, patch: SkillPreferencePatch): Promise<PracticeEvent[]> {
      const { events } = await run(
        who.customerId,
        command('SetSkillPreference', {
          skill: patch.skillName,
          selected: patch.selected,
          level: patch.level,
        }),
      );
      return events;
    },

    /**
     * An operator's PATCH /api/focus (`stickwork customer set-level`): the skill keeps its selection;
     * a skill without a level is selected when it gets one, and 'level not set' deselects it. The
     * selection is read from the state the command folds, so a concurrent write cannot slip between.
     */
    async setSkillLevel(customerId: string, skill: Skill, level: Level): Promise<PracticeEvent[]> {
      const { events } = await run(customerId, command('ChangeSkillLevel', { skill, level }));
      return events;
    },

    /**
     * An operator's `stickwork customer reset-usage`: clears one customer day's lesson count
     * (`UsageReset`), so the daily limit counts from 0 again that day. Without a day, the day of the
     * last lesson ever counted (from the stream's `UsageIncremented`, so a second run finds the same
     * day, already reset, rather than an older one). Null when there is no counted lesson at all.
     */
    async resetUsage(customerId: string, day?: string): Promise<PracticeEvent[] | null> {
      const target =
        day ??
        (await store.readStream(practiceStreamId(customerId)))
          .filter((event) => event.type === 'UsageIncremented')
          .map((event) => (event.data as { day: string }).day)
          .at(-1);
      if (target === undefined) return null;
      const { events } = await run(customerId, command('ResetUsage', { day: target }));
      return events;
    },

    /** POST /api/focus/level-up: one level up, only when it is offered (else 409). */
    async levelUp(who: Practitioner, skill: Skill): Promise<CustomerProgressEntry> {
      const { state } = await run(who.customerId, command('RaiseLevel', { skill }));
      return progressEntry(state, skill);
    },

    /**
     * POST /api/lesson/finishExercise: the evaluation, and the skill's progress after it. `earned` says
     * whether the server's practice clock found real practice (else nothing moved: `practisedSeconds`
     * says how long the lesson was on the card by that clock); `masteryShown` whether a mastered box
     * was backed by a take at the written tempo.
     */
    async finishExercise(who: Practitioner, request: FinishExerciseRequest) {
      const lesson = lessons().byId.get(request.lessonId);
      if (!lesson) throw new HttpError(404, `There is no lesson with id ${request.lessonId}.`);
      if (lesson.type !== request.type)
        throw new HttpError(400, `type must be ${lesson.type} for lesson ${lesson.lesson_id}`, {
          type: [`must be ${lesson.type} for this lesson`],
        });
      const { events, state } = await run(
        who.customerId,
        command('EvaluateLesson', {
          lesson,
          ratingDifficulty: request.ratingDifficulty,
          skipped: request.skipLesson,
          playId: request.playId ?? null,
        }),
      );
      const evaluated = events.find((event) => event.type === 'LessonEvaluated');
      const skill = SKILLS.find((candidate) => candidate === lesson.focus);
      const progress = skill ? progressEntry(state, skill) : null;
      return {
        lessonId: lesson.lesson_id,
        ratingDifficulty: evaluated?.data.ratingDifficulty ?? request.ratingDifficulty,
        skipped: request.skipLesson,
        countedTowardProgress: evaluated?.data.progressAfter !== undefined,
        earned: evaluated?.data.earned ?? false,
        practisedSeconds: Math.floor((evaluated?.data.practisedMs ?? 0) / 1000),
        masteryShown: evaluated?.data.masteryShown ?? false,
        progress,
        levelUpOffered:
          progress !== null &&
          canLevelUp(progress.skillName, { level: progress.skillLevel, progress: progress.levelProgress }),
      };
    },

    /** POST /api/usage: counts one lesson today, or refuses (429) past the plan's daily limit. */
    async countLesson(who: Practitioner, timeZone: TimeZone) {
      const zoneChangeAdjustment = await zoneChangeAdjustmentToday(who, timeZone);
      const { state, events } = await run(
        who.customerId,
        command('IncrementUsage', { usageType: 'lesson', plan: who.plan, timeZone, zoneChangeAdjustment }),
      );
      const incremented = events.find((event) => event.type === 'UsageIncremented');
      const day = incremented?.data.day ?? customerDay(backend.clock(), timeZone);
      return usageView(who.plan, usageOn(state, day) + zoneChangeAdjustment);
    },

    /**
     * POST /api/practiceActivity: adds lessons and minutes to today, never more than the practice clock
     * counted (the minutes sent are an upper bound, not a fact); answers today's totals.
     */
    async recordActivity(
      who: Practitioner,
      request: PracticeActivityRequest,
      timeZone: TimeZone,
    ): Promise<PracticeActivityEntry> {
      const { events } = await run(
        who.customerId,
        command('RecordPracticeActivity', {
          lessons: request.countLessonsPracticed,
          minutes: request.practiceDurationMinutes,
          timeZone,
        }),
      );
      const recorded = events.find((event) => event.type === 'PracticeActivityRecorded');
      const date = recorded?.data.day ?? customerDay(backend.clock(), timeZone);
      const heatmap = model<PracticeHeatmapModel>(practiceHeatmapProjection, who.customerId);
      const day = heatmap?.days[date];
      return {
        date,
        count: day?.count ?? recorded?.data.lessons ?? 0,
        practiceDurationMinutes: day?.minutes ?? recorded?.data.minutes ?? 0,
      };
    },

    /**
     * POST /api/lesson/timing: a take the timing coach scored, recorded on the customer's own stream;
     * 404 for a lesson the catalogue does not have.
     */
    async scoreTiming(who: Practitioner, request: TimingScoredRequest, timeZone: TimeZone) {
      const { playId = null, ...take } = request;
      const { events } = await run(
        who.customerId,
        command('ScoreTiming', {
          lesson: lessons().byId.get(take.lessonId),
          take: { byPosition: [], ...take },
          playId,
          timeZone,
        }),
      );
      const scored = events.find((event) => event.type === 'TimingScored');
      if (!scored) throw new Error('ScoreTiming decided no TimingScored');
      return scored.data;
    },

    //////////////////// Queries (read models)

    /**
     * GET /api/lesson/tempo-plan: the start tempo the schedule gives this lesson now, from the same
     * decision state the schedule is generated on (snapshot and the events after it).
     */
    async tempoPlan(customerId: string, lesson: Exercise): Promise<TempoPlan> {
      const state = await loadState(
        store,
        practiceStreamId(customerId),
        practiceDecider,
        practiceEventSchemaVersions,
        snapshots,
      );
      const { lesson_id: lessonId } = lesson;
      return planTempo(
        lesson,
        state.takeHistory.get(lessonId),
        state.evaluations.get(lessonId),
        backend.clock(),
      );
    },

    /** GET /api/timing/weak-spots: the weak spots of the latest 4 weeks of takes, worst first. */
    weakSpots: weakSpotsOf,

    /** GET /api/timing/steady-lag: the offset every position shares over the latest 4 weeks, or null. */
    steadyLag(customerId: string, timeZone: TimeZone): SteadyLag | null {
      const positions = model<TimingPositionsModel>(timingPositionsProjection, customerId);
      return positions ? steadyLag(positions.days, customerDay(backend.clock(), timeZone)) : null;
    },

    /** GET /api/lesson-history: the lessons played, newest first, of one skill or all. */
    lessonHistory(customerId: string, focus?: LessonFocus): LessonHistoryEntry[] {
      return lessonHistoryEntries(lessonHistoryModelsOf(readModels, customerId), focus);
    },

    progress: progressModel,

    /** GET /api/usage: lessons counted on the customer's today (as a zone change moved them). */
    async usage(who: Practitioner, timeZone: TimeZone) {
      const usage = model<PracticeUsageModel>(practiceUsageProjection, who.customerId);
      const today = customerDay(backend.clock(), timeZone);
      const adjustment = await zoneChangeAdjustmentToday(who, timeZone);
      return usageView(who.plan, (usage ? lessonsUsedOn(usage, today) : 0) + adjustment);
    },

    activity(customerId: string): PracticeActivityEntry[] {
      const heatmap = model<PracticeHeatmapModel>(practiceHeatmapProjection, customerId);
      return heatmap ? practiceActivityEntries(heatmap) : [];
    },

    streaks(customerId: string): PracticeStreaksModel {
      return model<PracticeStreaksModel>(practiceStreaksProjection, customerId) ?? { runs: [] };
    },

    /** Today in the customer's zone (checked at the HTTP edge). */
    today(timeZone: TimeZone): string {
      return dayKeyInZone(backend.clock(), timeZone);
    },

    now: () => backend.clock(),
    lesson: (lessonId: number): Exercise | undefined => lessons().byId.get(lessonId),
  };
};

export type PracticeService = ReturnType<typeof createPracticeService>;

/** `{ lesson: { data_used } }` (product-spec §7) plus what is left today (null: unlimited). */
const usageView = (plan: Plan, dataUsed: number) => ({
  lesson: { data_used: dataUsed },
  lessonsLeftToday: lessonsLeftToday(plan, dataUsed),
});
