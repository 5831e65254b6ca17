import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createInMemoryEventStore,
  customerDecider,
  customerEventSchemaVersions,
  customerDay,
  customerStreamId,
  dayKeyInZone,
  DomainError,
  erasureStreamId,
  foldEvents,
  handleCommand,
  LEVELS,
  maxLevelIndexFor,
  practiceDecider,
  practiceEventSchemaVersions,
  practiceStreaks,
  practiceStreamId,
  lessonCreditDecider,
  lessonCreditEventSchemaVersions,
  lessonCreditsStreamId,
  reminderDecider,
  reminderEventSchemaVersions,
  remindersStreamId,
  resolveTimeZone,
  SKILLS,
  subscriptionOf,
  toDomainEvents,
  usageOn,
  type CustomerCommand,
  type EventStore,
  type PracticeCommand,
  type PracticeEvent,
  type RecordedEvent,
} from '@stickwork/domain';
import { ALL_PROJECTIONS } from './all-projections.js';
import { customerDirectoryProjection } from './customer-directory-projection.js';
import { customerReadModels } from './customer-key.js';
import { foldProjection } from './fold.js';
import { practiceActivityEntries, practiceHeatmapProjection } from './practice-heatmap-projection.js';
import { initialPracticeProgress, practiceProgressProjection } from './practice-progress-projection.js';
import { addPracticeDay, practiceStreaksProjection, streaksOf } from './practice-streaks-projection.js';
import { lessonsUsedOn, practiceUsageProjection } from './practice-usage-projection.js';
import { createProjectionRunner } from './projection-runner.js';
import { createInMemoryReadModelStore, type ReadModelStore } from './read-model-store.js';

const CUSTOMERS = ['ann', 'ben', 'cy'] as const;
const ZONES = ['UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Not/AZone'];
const START = Date.parse('2026-03-01T08:00:00Z');
const HOUR = 3_600_000;
/** A take the timing coach scored (its lessonId is set per use). */
const TAKE = {
  lessonId: 1,
  input: 'midi',
  bpm: 100,
  expected: 16,
  hits: 14,
  missed: 2,
  extra: 1,
  meanOffsetMs: -6,
  spreadMs: 9,
  accuracy: 78.5,
  byPosition: [],
} as const;

/** A lesson shape for evaluations: any focus, any level range. */
const lessonArb = fc
  .record({
    lesson_id: fc.integer({ min: 1, max: 40 }),
    focus: fc.constantFrom(...SKILLS, 'warm_up' as const),
    min: fc.integer({ min: 1, max: 7 }),
    span: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ lesson_id, focus, min, span }) => ({
    lesson_id,
    focus,
    type: focus === 'warm_up' ? ('warm_up' as const) : ('exercise' as const),
    min_level: LEVELS[min]!,
    max_level: LEVELS[Math.min(7, min + span)]!,
    practice_time: 4,
    start_bpm: 80,
    notation: {
      timeSignature: { beats: 4, beatUnit: 4 as const },
      subdivision: 4 as const,
      bars: 1,
      notes: [],
    },
  }));

const skillLevelArb = fc
  .constantFrom(...SKILLS)
  .chain((skill) =>
    fc.integer({ min: 0, max: maxLevelIndexFor(skill) }).map((index) => ({ skill, level: LEVELS[index]! })),
  );

type PracticeStep =
  | { kind: 'practice'; data: Omit<PracticeCommand, 'metadata'> }
  /** An operator resets the customer's today (in a zone) */
  | { kind: 'reset usage'; timeZone: string }
  | { kind: 'erase' };

const practiceStepArb: fc.Arbitrary<PracticeStep> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .uniqueArray(skillLevelArb, { selector: (entry) => entry.skill, minLength: 1, maxLength: 8 })
      .map((ratings) => ({
        kind: 'practice' as const,
        data: { type: 'RateSkills' as const, data: { ratings } },
      })),
  },
  {
    weight: 2,
    arbitrary: skillLevelArb.map(({ skill, level }) => ({
      kind: 'practice' as const,
      data: { type: 'SetSkillLevel' as const, data: { skill, level } },
    })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(skillLevelArb, fc.boolean()).map(([{ skill, level }, selected]) => ({
      kind: 'practice' as const,
      data: { type: 'SetSkillPreference' as const, data: { skill, level, selected } },
    })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...SKILLS).map((skill) => ({
      kind: 'practice' as const,
      data: { type: 'RaiseLevel' as const, data: { skill } },
    })),
  },
  {
    weight: 8,
    arbitrary: fc
      .tuple(lessonArb, fc.constantFrom('too_easy', 'easy', 'challenging', 'hard', 'too_hard'), fc.boolean())
      .map(([lesson, ratingDifficulty, skipped]) => ({
        kind: 'practice' as const,
        data: { type: 'EvaluateLesson' as const, data: { lesson, ratingDifficulty, skipped, playId: null } },
      })),
  },
  {
    weight: 4,
    arbitrary: fc.tuple(fc.constantFrom(...ZONES), fc.boolean()).map(([timeZone, premium]) => ({
      kind: 'practice' as const,
      data: {
        type: 'IncrementUsage' as const,
        data: {
          usageType: 'lesson' as const,
          plan: premium
            ? { tier: 'premium' as const, status: 'active' as const }
            : { tier: 'freemium' as const, status: 'freemium' as const },
          timeZone,
        },
      },
    })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...ZONES).map((timeZone) => ({ kind: 'reset usage' as const, timeZone })),
  },
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 150 }), fc.constantFrom(...ZONES))
      .map(([lessons, minutes, timeZone]) => ({
        kind: 'practice' as const,
        data: { type: 'RecordPracticeActivity' as const, data: { lessons, minutes, timeZone } },
      })),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(lessonArb, fc.integer({ min: 0, max: 1000 }), fc.constantFrom(...ZONES))
      .map(([lesson, permille, timeZone]) => ({
        kind: 'practice' as const,
        data: {
          type: 'ScoreTiming' as const,
          data: {
            lesson,
            take: { ...TAKE, lessonId: lesson.lesson_id, accuracy: permille / 10 },
            playId: null,
            timeZone,
          },
        },
      })),
  },
  {
    weight: 1,
    arbitrary: fc.constant({
      kind: 'practice' as const,
      data: { type: 'ErasePracticeHistory' as const, data: {} },
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'erase' as const }) },
);

const scriptArb = fc.array(
  fc.record({
    customer: fc.constantFrom(...CUSTOMERS),
    hoursLater: fc.integer({ min: 0, max: 40 }),
    step: practiceStepArb,
  }),
  { maxLength: 60 },
);

/** Runs the script through the real decider and command handler; refused commands write nothing. */
const runScript = async (store: EventStore, script: Script) => {
  let now = START;
  for (const { customer, hoursLater, step } of script) {
    now += hoursLater * HOUR;
    const metadata = { now: new Date(now) };
    if (step.kind === 'erase') {
      await store.deleteStream(practiceStreamId(customer));
      await store.appendToStream(erasureStreamId(customer), [
        {
          type: 'CustomerErased',
          data: { customerId: customer, erasedAt: metadata.now.toISOString() },
          metadata: { schemaVersion: 1, time: metadata.now.toISOString() },
        },
      ]);
      continue;
    }
    const command =
      step.kind === 'reset usage'
        ? { type: 'ResetUsage', data: { day: customerDay(metadata.now, step.timeZone) } }
        : step.data;
    try {
      await handleCommand(store, practiceStreamId(customer), practiceDecider, practiceEventSchemaVersions, {
        ...command,
        metadata,
      } as PracticeCommand);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return new Date(now);
};
type Script = { customer: string; hoursLater: number; step: PracticeStep }[];

const asMap = <State>(readModels: ReadModelStore, name: string) =>
  new Map(readModels.list<State>(name).map(({ key, state }) => [key, state]));

const practiceEventsOf = async (store: EventStore, customer: string): Promise<PracticeEvent[]> =>
  toDomainEvents<PracticeEvent>(
    await store.readStream(practiceStreamId(customer)),
    practiceEventSchemaVersions,
  );

describe('the practice read models', () => {
  it('each equal a fold of the customer events, and what the practice decider and the domain rules say', async () => {
    await fc.assert(
      fc.asyncProperty(scriptArb, fc.constantFrom(...ZONES), async (script, readZone) => {
        const store = createInMemoryEventStore();
        const readModels = createInMemoryReadModelStore();
        const runner = createProjectionRunner(store, readModels, ALL_PROJECTIONS);
        const now = await runScript(store, script);
        await runner.catchUp();
        const log = await store.readAll();

        for (const projection of ALL_PROJECTIONS)
          expect(asMap(readModels, projection.name)).toEqual(foldProjection(projection, log));

        for (const customer of CUSTOMERS) {
          const events = await practiceEventsOf(store, customer);
          const recorded = await store.readStream(practiceStreamId(customer));
          const hasPractice = recorded.length > 0;
          const decided = foldEvents(practiceDecider, events);

          const progress = readModels.get<{ levels: unknown; selected: unknown; progress: unknown }>(
            practiceProgressProjection.name,
            customer,
          );
          expect(progress ?? initialPracticeProgress()).toEqual({
            levels: decided.levels,
            selected: decided.selected,
            progress: decided.progress,
            selfRated: decided.selfRated,
          });

          // Usage: the decider keeps the last days for the limit; the read model keeps all days.
          const usage = readModels.get<{ lessonsByDay: Record<string, number> }>(
            practiceUsageProjection.name,
            customer,
          );
          for (const day of Object.keys(decided.usageByDay))
            expect(lessonsUsedOn(usage ?? { lessonsByDay: {} }, day)).toBe(usageOn(decided, day));
          // Every day ever counted: increments, less what an operator reset.
          const counted = new Map<string, number>();
          for (const event of events)
            if (event.type === 'UsageIncremented')
              counted.set(event.data.day, (counted.get(event.data.day) ?? 0) + 1);
            else if (event.type === 'UsageReset') counted.delete(event.data.day);
          expect(new Map(Object.entries(usage?.lessonsByDay ?? {}))).toEqual(counted);

          // Heatmap and streaks: activity since the last history erasure.
          const lastErased = events.map((event) => event.type).lastIndexOf('PracticeHistoryErased');
          const activity = events
            .slice(lastErased + 1)
            .flatMap((event) => (event.type === 'PracticeActivityRecorded' ? [event.data] : []));
          const heatmap = readModels.get<{ days: Record<string, { count: number; minutes: number }> }>(
            practiceHeatmapProjection.name,
            customer,
          );
          const entries = heatmap ? practiceActivityEntries(heatmap) : [];
          const days = [...new Set(activity.map((entry) => entry.day))].sort();
          expect(entries.map((entry) => entry.date)).toEqual(days);
          for (const entry of entries) {
            const sameDay = activity.filter((a) => a.day === entry.date);
            expect(entry.count).toBe(sameDay.reduce((sum, a) => sum + a.lessons, 0));
            expect(entry.practiceDurationMinutes).toBe(sameDay.reduce((sum, a) => sum + a.minutes, 0));
          }
          const streaks = readModels.get<{ runs: { from: string; to: string }[] }>(
            practiceStreaksProjection.name,
            customer,
          );
          const today = dayKeyInZone(now, resolveTimeZone(readZone));
          expect(streaksOf(streaks ?? { runs: [] }, today)).toEqual(practiceStreaks(days, today));

          if (!hasPractice) {
            expect(progress).toBeUndefined();
            expect(heatmap).toBeUndefined();
            expect(streaks).toBeUndefined();
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('rebuild from position 0 to exactly the live read models', async () => {
    await fc.assert(
      fc.asyncProperty(scriptArb, async (script) => {
        const store = createInMemoryEventStore();
        const live = createInMemoryReadModelStore();
        const runner = createProjectionRunner(store, live, ALL_PROJECTIONS);
        // Live: the runner folds in between the writes, page by page.
        const half = Math.floor(script.length / 2);
        await runScript(store, script.slice(0, half));
        await runner.catchUp();
        await runScript(store, script.slice(half));
        await runner.catchUp();
        const before = new Map(ALL_PROJECTIONS.map(({ name }) => [name, live.list(name)]));
        for (const { name } of ALL_PROJECTIONS) await runner.rebuild(name);
        for (const { name } of ALL_PROJECTIONS) expect(live.list(name)).toEqual(before.get(name));
      }),
      { numRuns: 30 },
    );
  });
});

describe('the streak runs', () => {
  it('merge any order of days into the runs of consecutive days', () => {
    const dayArb = fc
      .integer({ min: 0, max: 40 })
      .map((offset) => new Date(START + offset * 24 * HOUR).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(dayArb, { maxLength: 30 }),
        fc.integer({ min: -2, max: 45 }),
        (days, todayOffset) => {
          const runs = days.reduce(addPracticeDay, [] as { from: string; to: string }[]);
          const today = new Date(START + todayOffset * 24 * HOUR).toISOString().slice(0, 10);
          expect(streaksOf({ runs }, today)).toEqual(practiceStreaks(days, today));
          for (let i = 1; i < runs.length; i++)
            expect(Date.parse(runs[i]!.from) - Date.parse(runs[i - 1]!.to)).toBeGreaterThan(24 * HOUR);
        },
      ),
    );
  });

  it('keep the current streak alive through yesterday and end it after a day without practice', () => {
    const runs = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-05'].reduce(addPracticeDay, []);
    expect(runs).toEqual([
      { from: '2026-03-01', to: '2026-03-03' },
      { from: '2026-03-05', to: '2026-03-05' },
    ]);
    expect(streaksOf({ runs }, '2026-03-06')).toEqual({ longest: 3, current: 1 });
    expect(streaksOf({ runs }, '2026-03-07')).toEqual({ longest: 3, current: 0 });
    expect(streaksOf({ runs: addPracticeDay(runs, '2026-03-04') }, '2026-03-05')).toEqual({
      longest: 5,
      current: 5,
    });
  });
});

type CustomerStep = Omit<CustomerCommand, 'metadata'>;

const customerStepArb: fc.Arbitrary<CustomerStep> = fc.oneof(
  fc.constant({ type: 'VerifyEmail', data: {} } as CustomerStep),
  fc.constant({ type: 'RequestErasure', data: {} } as CustomerStep),
  fc
    .record({
      tier: fc.constantFrom('basic', 'premium', 'exclusive' as const),
      period: fc.constantFrom('monthly', 'yearly' as const),
    })
    .map(
      ({ tier, period }) =>
        ({
          type: 'StartSubscription',
          data: { tier, period, currentPeriodEnd: '2026-04-01T00:00:00.000Z' },
        }) as CustomerStep,
    ),
  fc.constant({
    type: 'ActivateSubscription',
    data: { currentPeriodEnd: '2026-05-01T00:00:00.000Z' },
  } as CustomerStep),
  fc
    .record({
      tier: fc.constantFrom('basic', 'premium', 'exclusive' as const),
      period: fc.constantFrom('monthly', 'yearly' as const),
    })
    .map((data) => ({ type: 'ChangePlan', data }) as CustomerStep),
  fc.constant({ type: 'ScheduleCancellation', data: {} } as CustomerStep),
  fc.constant({ type: 'ResumeSubscription', data: {} } as CustomerStep),
  fc.constant({ type: 'RecordPaymentFailure', data: {} } as CustomerStep),
  fc.constant({ type: 'EndSubscription', data: {} } as CustomerStep),
  fc.constant({ type: 'ChangePassword', data: { passwordHash: '$argon2id$secret-hash' } } as CustomerStep),
);

const register = (customerId: string): CustomerStep =>
  ({
    type: 'RegisterCustomer',
    data: {
      customerId,
      email: `${customerId}@drums.example`,
      firstname: `First ${customerId}`,
      lastname: `Last ${customerId}`,
      country: 'DE',
      passwordHash: '$argon2id$secret-hash',
      newsletterSubscription: false,
      dateTermsAndConditions: '2026-03-01T08:00:00.000Z',
    },
  }) as CustomerStep;

describe('the customer directory', () => {
  it('follows the plan and status of the customer decider, keeps no secret, and forgets an erased customer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...CUSTOMERS), customerStepArb, fc.boolean()), { maxLength: 40 }),
        fc.subarray([...CUSTOMERS]),
        async (steps, erased) => {
          const store = createInMemoryEventStore();
          let now = START;
          const run = async (customer: string, step: CustomerStep) => {
            now += HOUR;
            try {
              await handleCommand(
                store,
                customerStreamId(customer),
                customerDecider,
                customerEventSchemaVersions,
                {
                  ...step,
                  metadata: { now: new Date(now) },
                } as CustomerCommand,
              );
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
            }
          };
          for (const customer of CUSTOMERS.slice(0, 2)) await run(customer, register(customer));
          for (const [customer, step, practise] of steps) {
            await run(customer, step);
            if (practise)
              await handleCommand(
                store,
                practiceStreamId(customer),
                practiceDecider,
                practiceEventSchemaVersions,
                {
                  type: 'RecordPracticeActivity',
                  data: { lessons: 1, minutes: 5 },
                  metadata: { now: new Date(now) },
                },
              );
          }
          for (const customer of erased) {
            await store.deleteStream(customerStreamId(customer));
            await store.deleteStream(practiceStreamId(customer));
            await store.appendToStream(erasureStreamId(customer), [
              {
                type: 'CustomerErased',
                data: { customerId: customer, erasedAt: new Date(now).toISOString() },
                metadata: { schemaVersion: 1, time: new Date(now).toISOString() },
              },
            ]);
          }
          const readModels = createInMemoryReadModelStore();
          await createProjectionRunner(store, readModels, [customerDirectoryProjection]).catchUp();
          const directory = asMap(readModels, customerDirectoryProjection.name);
          expect(directory).toEqual(foldProjection(customerDirectoryProjection, await store.readAll()));
          expect(JSON.stringify([...directory])).not.toContain('argon2');

          for (const customer of CUSTOMERS) {
            const entry = readModels.get<Record<string, unknown>>(customerDirectoryProjection.name, customer);
            const recorded = await store.readStream(customerStreamId(customer));
            if (erased.includes(customer) || recorded.length === 0) {
              expect(entry).toBeUndefined();
              continue;
            }
            const state = foldEvents(customerDecider, toDomainEvents(recorded, customerEventSchemaVersions));
            if (state.status !== 'registered') throw new Error('registered customer expected');
            const { tier, status } = subscriptionOf(state);
            const practice = await store.readStream(practiceStreamId(customer));
            expect(entry).toMatchObject({
              customerId: customer,
              email: `${customer}@drums.example`,
              firstname: `First ${customer}`,
              lastname: `Last ${customer}`,
              country: 'DE',
              plan: tier,
              status,
              emailVerified: state.emailVerified,
              erasureRequested: state.erasureRequested,
              registeredAt: recorded[0]!.metadata.time,
              lastPracticeAt: practice.at(-1)?.metadata.time ?? null,
            });
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('erasure', () => {
  it('scrubs every read model of the erased customer and leaves the others', async () => {
    const store = createInMemoryEventStore();
    const metadata = { now: new Date(START) };
    // Half an hour on a lesson by the practice clock, so the practice activity below is credited.
    const lesson = {
      lesson_id: 7,
      focus: 'timing',
      type: 'exercise',
      min_level: 'starter',
      max_level: 'advanced',
      practice_time: 10,
      start_bpm: 80,
      notation: { timeSignature: { beats: 4, beatUnit: 4 }, subdivision: 4, bars: 1, notes: [] },
    } as const;
    for (const customer of ['ann', 'ben'])
      for (const [minutesBefore, command] of [
        [
          30,
          {
            type: 'ScheduleSession',
            data: {
              schedule: {
                lessons: [
                  {
                    ...lesson,
                    name: 'Seven',
                    pad_sufficient: true,
                    number_repetition: 4,
                    description_text: '',
                  },
                ],
                currentLessonIndex: 0,
                targetPracticeTime: 10,
                practiceTimeBeforeCurrentExercise: 0,
                evaluation: { rating_difficulty: 'challenging' },
              },
              skills: [],
              padSufficient: true,
              seed: 1,
            },
          },
        ],
        [
          0,
          {
            type: 'EvaluateLesson',
            data: { lesson, ratingDifficulty: 'easy', skipped: false, playId: null },
          },
        ],
      ] as const)
        await handleCommand(store, practiceStreamId(customer), practiceDecider, practiceEventSchemaVersions, {
          ...command,
          metadata: { now: new Date(START - minutesBefore * 60_000) },
        } as unknown as PracticeCommand);
    for (const customer of ['ann', 'ben'])
      for (const command of [
        { type: 'RateSkills', data: { ratings: [{ skill: 'timing', level: 'beginner' }] } },
        {
          type: 'IncrementUsage',
          data: { usageType: 'lesson', plan: { tier: 'freemium', status: 'freemium' } },
        },
        { type: 'RecordPracticeActivity', data: { lessons: 2, minutes: 20 } },
        {
          type: 'ScoreTiming',
          data: {
            lesson: { lesson_id: 7, focus: 'timing', type: 'exercise' },
            take: { ...TAKE, lessonId: 7 },
            playId: null,
          },
        },
        { type: 'SetWeeklyGoal', data: { daysPerWeek: 4 } },
      ] as const)
        await handleCommand(store, practiceStreamId(customer), practiceDecider, practiceEventSchemaVersions, {
          ...command,
          metadata,
        } as PracticeCommand);
    for (const customer of ['ann', 'ben'])
      await handleCommand(store, remindersStreamId(customer), reminderDecider, reminderEventSchemaVersions, {
        type: 'SetReminders',
        data: { enabled: true, days: [1, 4], hour: 18 },
        metadata,
      });
    for (const customer of ['ann', 'ben'])
      await handleCommand(
        store,
        lessonCreditsStreamId(customer),
        lessonCreditDecider,
        lessonCreditEventSchemaVersions,
        {
          type: 'UseLessonCredit',
          data: {
            bookingId: `${customer}-1`,
            quarter: '2026-Q2',
            teacherId: 't1',
            startsAt: '2026-04-07T15:00:00.000Z',
          },
          metadata,
        },
      );
    const readModels = createInMemoryReadModelStore();
    const runner = createProjectionRunner(store, readModels, ALL_PROJECTIONS);
    await runner.catchUp();
    // The directory needs a registration, and teacher schedules are kept per teacher.
    const perCustomer = ALL_PROJECTIONS.filter(
      (p) => !['customer_directory', 'teacher_schedules'].includes(p.name),
    );
    const modelsOf = (name: string, customer: string) => customerReadModels(readModels, name, customer);
    for (const { name } of perCustomer) expect(modelsOf(name, 'ann')).not.toEqual([]);

    await store.deleteStream(practiceStreamId('ann'));
    const marker: Omit<RecordedEvent, 'id' | 'streamId' | 'revision' | 'position'> = {
      type: 'CustomerErased',
      data: { customerId: 'ann', erasedAt: metadata.now.toISOString() },
      metadata: { schemaVersion: 1, time: metadata.now.toISOString() },
    };
    await store.appendToStream(erasureStreamId('ann'), [marker]);
    await runner.catchUp();
    for (const { name } of ALL_PROJECTIONS) {
      expect(modelsOf(name, 'ann')).toEqual([]);
      if (perCustomer.some((p) => p.name === name)) expect(modelsOf(name, 'ben')).not.toEqual([]);
    }
  });
});
