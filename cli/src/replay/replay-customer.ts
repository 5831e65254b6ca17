import {
  buildHeatmap,
  createInMemoryEventStore,
  customerEventSchemaVersions,
  customerSubscription,
  dayKeyInZone,
  evolveCustomer,
  foldEvents,
  heatmapWindow,
  initialCustomerState,
  lessonHistoryRows,
  lessonsLeftToday,
  practiceStatsOverview,
  SKILLS,
  toDomainEvents,
  type CustomerEvent,
  type EventStore,
  type LessonHistoryRow,
  type Level,
  type RecordedEvent,
  type Skill,
  type SubscriptionSummary,
  type PracticeEvent,
  type TempoPlan,
  type WeakSpot,
  findExercise,
  plannedTempos,
  evolvePractice,
  evolvePracticeEvents,
  initialPracticeState,
  practiceEventSchemaVersions,
  tempoPlanSentence,
  weakSpots,
} from '@stickwork/domain';
import {
  ALL_PROJECTIONS,
  createInMemoryReadModelStore,
  createProjectionRunner,
  initialPracticeProgress,
  lessonHistoryEntries,
  lessonHistoryModelsOf,
  lessonsUsedOn,
  practiceActivityEntries,
  practiceHeatmapProjection,
  practiceProgressProjection,
  practiceStreaksProjection,
  practiceUsageProjection,
  streaksOf,
  timingPositionsProjection,
  type PracticeHeatmapModel,
  type PracticeProgressModel,
  type PracticeStreaksModel,
  type PracticeUsageModel,
  type TimingPositionsModel,
} from '@stickwork/projections';
import { findLessonSummary } from '../catalogue/catalogue-summary.js';
import { formatInZone } from '../history/event-summary.js';
import { readCustomerEvents } from '../history/customer-history.js';

/** Where a replay stops: after a global position, or at an instant (inclusive). */
export type ReplayPoint = { position: number } | { time: Date };

export interface ReplayReport {
  customerId: string;
  /** The events replayed and the last one's position (null: none). */
  events: number;
  lastPosition: number | null;
  /** "Now" of the replay: the --until time, the last replayed event's time, or the clock. */
  asOf: string;
  /** `asOf` in `timeZone`, as history prints times. */
  asOfLocal: string;
  timeZone: string;
  /** Whether the customer had registered by then (false: no customer yet, so no plan). */
  registered: boolean;
  erased: boolean;
  plan: SubscriptionSummary | null;
  skills: { skill: Skill; level: Level; selected: boolean; progress: number }[];
  selfRated: boolean;
  streaks: { current: number; longest: number };
  heatmap: {
    from: string;
    to: string;
    daysPractised: number;
    lessons: number;
    minutes: number;
    hours: number;
  };
  usageToday: { day: string; lessons: number; lessonsLeft: number | null };
  /** The lessons played, newest first, dayed in the replay's zone (the `lesson_history_by_play` read model). */
  lessonHistory: LessonHistoryRow[];
  /** The weak spots of the 4 weeks up to the replay's day (the `timing_positions` read model). */
  weakSpots: WeakSpot[];
  /** The tempo plan then of every lesson played with the timing coach, by lesson id. */
  tempoPlans: (TempoPlan & { name: string; reason: string | null })[];
}

const upTo = (point: ReplayPoint | undefined) => (event: RecordedEvent) =>
  point === undefined ||
  ('position' in point
    ? event.position <= point.position
    : Date.parse(event.metadata.time) <= point.time.getTime());

/**
 * A what-if replay: the customer's events up to the point are copied into an in-memory store and
 * fed to the same projections, through the same runner, as the server's read models; the plan
 * comes from the customer decider's own fold. The live store is only read.
 */
export const replayCustomer = async (
  store: EventStore,
  customerId: string,
  options: { until?: ReplayPoint; timeZone: string; now: Date },
): Promise<ReplayReport> => {
  const events = (await readCustomerEvents(store, customerId)).filter(upTo(options.until));
  const replayStore = createInMemoryEventStore();
  for (const event of events)
    await replayStore.appendToStream(event.streamId, [
      { id: event.id, type: event.type, data: event.data, metadata: event.metadata },
    ]);
  const readModels = createInMemoryReadModelStore();
  await createProjectionRunner(replayStore, readModels, ALL_PROJECTIONS).catchUp();
  const model = <State>(projection: { name: string }) => readModels.get<State>(projection.name, customerId);

  const last = events.at(-1);
  const asOf =
    options.until && 'time' in options.until
      ? options.until.time
      : options.until && last
        ? new Date(last.metadata.time)
        : options.now;
  const today = dayKeyInZone(asOf, options.timeZone);

  const customerEvents = toDomainEvents<CustomerEvent>(
    events.filter((event) => event.streamId.startsWith('customer-') || event.type === 'CustomerErased'),
    customerEventSchemaVersions,
  );
  // A fold of the customer's events (read only: the decider's evolve, never its decide).
  const customer = foldEvents({ initialState: initialCustomerState, evolve: evolveCustomer }, customerEvents);
  const plan = customerSubscription(customer);

  const progress = model<PracticeProgressModel>(practiceProgressProjection) ?? initialPracticeProgress();
  const heatmapEntries = practiceActivityEntries(
    model<PracticeHeatmapModel>(practiceHeatmapProjection) ?? { days: {} },
  );
  const window = heatmapWindow(asOf, options.timeZone);
  const shown = buildHeatmap(heatmapEntries, window).filter((day) => day.count > 0 || day.minutes > 0);
  const overview = practiceStatsOverview(
    shown.map((day) => ({ date: day.date, count: day.count, practiceDurationMinutes: day.minutes })),
    today,
  );
  const usage = model<PracticeUsageModel>(practiceUsageProjection) ?? { lessonsByDay: {} };
  const used = lessonsUsedOn(usage, today);

  return {
    customerId,
    events: events.length,
    lastPosition: last?.position ?? null,
    asOf: asOf.toISOString(),
    asOfLocal: formatInZone(asOf.toISOString(), options.timeZone),
    timeZone: options.timeZone,
    registered: customer.status !== 'unregistered',
    erased: customer.status === 'erased',
    plan: customer.status === 'unregistered' ? null : plan,
    skills: SKILLS.map((skill) => ({
      skill,
      level: progress.levels[skill],
      selected: progress.selected[skill],
      progress: progress.progress[skill],
    })),
    selfRated: progress.selfRated,
    streaks: streaksOf(model<PracticeStreaksModel>(practiceStreaksProjection) ?? { runs: [] }, today),
    heatmap: {
      from: window.from,
      to: window.to,
      daysPractised: shown.length,
      lessons: overview.lessons,
      minutes: shown.reduce((sum, day) => sum + day.minutes, 0),
      hours: overview.hours,
    },
    usageToday: { day: today, lessons: used, lessonsLeft: lessonsLeftToday(plan, used) },
    lessonHistory: lessonHistoryRows(
      lessonHistoryEntries(lessonHistoryModelsOf(readModels, customerId)),
      (lessonId) => findLessonSummary(lessonId)?.name,
      options.timeZone,
    ),
    weakSpots: weakSpots(model<TimingPositionsModel>(timingPositionsProjection)?.days ?? {}, today),
    tempoPlans: tempoPlansAt(events, asOf),
  };
};

/** The practice decider's fold of the replayed events, and each played lesson's tempo plan at `asOf`. */
const tempoPlansAt = (events: readonly RecordedEvent[], asOf: Date): ReplayReport['tempoPlans'] => {
  // A fold of the practice events (read only: the decider's evolve, never its decide).
  const practice = foldEvents(
    { initialState: initialPracticeState, evolve: evolvePractice, evolveAll: evolvePracticeEvents },
    toDomainEvents<PracticeEvent>(
      events.filter((event) => event.streamId.startsWith('practice-')),
      practiceEventSchemaVersions,
    ),
  );
  return plannedTempos(practice, asOf, findExercise).map((plan) => ({
    ...plan,
    name: findExercise(plan.lessonId)?.name ?? '',
    reason: tempoPlanSentence(plan),
  }));
};
