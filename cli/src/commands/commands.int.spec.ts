import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPracticeService, lessonCatalogue, loadCustomer } from '@stickwork/app-api';
import { openStores } from '@stickwork/app-api/stores';
import {
  customerStreamId,
  erasureStreamId,
  isDomainError,
  practiceStreamId,
  UTC_TIME_ZONE,
  type RecordedEvent,
} from '@stickwork/domain';
import {
  ALL_PROJECTIONS,
  customerDirectoryProjection,
  foldProjection,
  practiceProgressProjection,
} from '@stickwork/projections';
import { requireConfirmation } from '../confirmation.js';
import { CliError } from '../context.js';
import { eraseCustomer, grantPlan, resetUsage, setSkillLevel } from '../customers/operate-customer.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import { customerHistory, followCustomerHistory, readCustomerEvents } from '../history/customer-history.js';
import { asOperator } from '../operator.js';
import { verifyProjection } from '../projections/verify-projection.js';
import { replayCustomer } from '../replay/replay-customer.js';
import { seedStore } from '../seed/seed-store.js';
import { seededBackend, SEED_END, type SeededBackend } from '../testing/seeded-backend.js';
import { listCustomers } from '../actions/customers.js';
import { lagText, projectionStatus, rebuildProjections } from '../actions/projections.js';

let world: SeededBackend;
const customer = (index: number) => world.seeded.customers[index]!;

beforeAll(async () => {
  world = await seededBackend({ customers: 6, days: 8, seed: 11 });
});
afterAll(async () => world.dispose());

const rejection = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('seed', () => {
  it('writes the same customers and histories for the same seed, through the real commands', async () => {
    const again = await seededBackend({ customers: 6, days: 8, seed: 11 });
    try {
      expect(again.seeded.customers).toEqual(world.seeded.customers);
      const comparable = (events: RecordedEvent[]) =>
        events.map(({ streamId, type, data, metadata }) => ({
          streamId,
          type,
          time: metadata.time,
          data: { ...(data as object), passwordHash: undefined },
        }));
      for (const { customerId } of world.seeded.customers)
        expect(comparable(await readCustomerEvents(again.backend.store, customerId))).toEqual(
          comparable(await readCustomerEvents(world.backend.store, customerId)),
        );
    } finally {
      await again.dispose();
    }
  });

  it('gives every customer a registration, a self-rating and practice within the daily limit', async () => {
    expect(world.seeded.sessions).toBeGreaterThan(0);
    for (const { customerId } of world.seeded.customers) {
      const types = (await readCustomerEvents(world.backend.store, customerId)).map((event) => event.type);
      expect(types[0]).toBe('CustomerRegistered');
      expect(types).toContain('SkillsSelfRated');
    }
    const usage = (await world.backend.store.readAll()).filter((event) => event.type === 'UsageIncremented');
    const perCustomerDay = new Map<string, number>();
    for (const event of usage) {
      const key = `${event.streamId}/${(event.data as { day: string }).day}`;
      perCustomerDay.set(key, (perCustomerDay.get(key) ?? 0) + 1);
    }
    const free = world.seeded.customers
      .filter((c) => c.plan === 'freemium')
      .map((c) => practiceStreamId(c.customerId));
    for (const [key, count] of perCustomerDay)
      if (free.some((stream) => key.startsWith(`${stream}/`))) expect(count).toBeLessThanOrEqual(3);
  });

  it('refuses to seed the same people twice into one store', async () => {
    const error = await rejection(
      seedStore(world.backend, { customers: 1, days: 1, seed: 11, end: SEED_END }),
    );
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toContain('is already registered');
  });
});

describe('customers', () => {
  it('lists the customer directory read model, oldest registration first, and searches it', async () => {
    const rows = await listCustomers(world.backend);
    expect(rows.map((row) => row.customerId).sort()).toEqual(
      world.seeded.customers.map((c) => c.customerId).sort(),
    );
    const registered = rows.map((row) => row.registered);
    expect(registered).toEqual([...registered].sort());
    const first = rows[0]!;
    expect(await listCustomers(world.backend, first.email.toUpperCase())).toEqual([first]);
    expect(await listCustomers(world.backend, 'nobody-matches-this')).toEqual([]);
  });
});

describe('resolving a customer', () => {
  it('takes an id or an email in any case, and names what it cannot find', async () => {
    const { customerId, email } = customer(0);
    expect(await resolveCustomer(world.backend, customerId)).toBe(customerId);
    expect(await resolveCustomer(world.backend, ` ${email.toUpperCase()} `)).toBe(customerId);
    const error = await rejection(resolveCustomer(world.backend, 'ghost@example.com'));
    expect((error as Error).message).toBe('no customer matches "ghost@example.com"');
  });
});

describe('history', () => {
  it("merges the customer's streams in log order, shows times in the zone asked for, and never a password hash", async () => {
    const { customerId } = customer(0);
    const entries = await customerHistory(world.backend.store, customerId, { types: [] }, 'Asia/Tokyo', true);
    const positions = entries.map((entry) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(entries.map((entry) => entry.stream))).toEqual(
      new Set([customerStreamId(customerId), practiceStreamId(customerId)]),
    );
    const registered = entries[0]!;
    expect(registered.summary).toContain(`<${customer(0).email}>`);
    // UTC+9: the local time is nine hours ahead.
    expect(Date.parse(`${registered.localTime.replace(' ', 'T')}Z`) - Date.parse(registered.time)).toBe(
      9 * 3_600_000,
    );
    expect(JSON.stringify(entries)).not.toContain('argon2');
  });

  it('filters by type and time', async () => {
    const { customerId } = customer(0);
    const all = await customerHistory(world.backend.store, customerId, { types: [] }, 'UTC', false);
    const middle = all[Math.floor(all.length / 2)]!;
    const since = new Date(middle.time);
    const later = await customerHistory(world.backend.store, customerId, { types: [], since }, 'UTC', false);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((entry) => entry.time >= middle.time)).toBe(true);
    expect(later.length).toBe(all.filter((entry) => entry.time >= middle.time).length);
    const evaluations = await customerHistory(
      world.backend.store,
      customerId,
      { types: ['LessonEvaluated'] },
      'UTC',
      false,
    );
    expect(evaluations.length).toBe(all.filter((entry) => entry.type === 'LessonEvaluated').length);
    expect(evaluations.every((entry) => / rated | skipped /.test(entry.summary))).toBe(true);
  });

  it('follows new events of that customer only, until stopped', async () => {
    const [followed, other] = [customer(1), customer(2)];
    const { lastPosition } = await world.backend.store.stats();
    const seen: RecordedEvent[] = [];
    const stop = new AbortController();
    const following = followCustomerHistory(
      world.backend.store,
      followed.customerId,
      lastPosition,
      (event) => {
        seen.push(event);
        stop.abort();
      },
      stop.signal,
    );
    const practice = createPracticeService(world.backend, lessonCatalogue());
    // A write that always appends to the practice stream (activity nobody practised records nothing
    // since the practice clock): each customer's hand technique moves to a level it is not at.
    await world.backend.projections.catchUp();
    const changeLevel = (customerId: string) => {
      const now = world.backend.readModels.get<{ levels: Record<string, string> }>(
        practiceProgressProjection.name,
        customerId,
      )?.levels['hand_technique'];
      return practice.setSkillLevel(customerId, 'hand_technique', now === 'pro' ? 'advanced' : 'pro');
    };
    await changeLevel(other.customerId);
    const [first] = await changeLevel(followed.customerId);
    await following;
    expect(seen.map((event) => [event.streamId, event.type])).toEqual([
      [practiceStreamId(followed.customerId), first!.type],
    ]);
  });
});

describe('replay', () => {
  it('without a point equals the live read models', async () => {
    const { customerId } = customer(0);
    await world.backend.projections.catchUp();
    const report = await replayCustomer(world.backend.store, customerId, {
      timeZone: 'UTC',
      now: world.backend.clock(),
    });
    const live = world.backend.readModels.get<{
      levels: Record<string, string>;
      progress: Record<string, number>;
    }>(practiceProgressProjection.name, customerId)!;
    for (const { skill, level, progress } of report.skills) {
      expect(level).toBe(live.levels[skill]);
      expect(progress).toBe(live.progress[skill]);
    }
    const directory = world.backend.readModels.get<{ plan: string; status: string }>(
      customerDirectoryProjection.name,
      customerId,
    )!;
    expect([report.plan?.tier, report.plan?.status]).toEqual([directory.plan, directory.status]);
  });

  it('up to a position equals a fold of the events up to it, and ignores what came after', async () => {
    const { customerId } = customer(0);
    const events = await readCustomerEvents(world.backend.store, customerId);
    const cut = events[Math.floor(events.length / 2)]!;
    const report = await replayCustomer(world.backend.store, customerId, {
      until: { position: cut.position },
      timeZone: 'UTC',
      now: world.backend.clock(),
    });
    expect(report.events).toBe(events.filter((event) => event.position <= cut.position).length);
    expect(report.asOf).toBe(cut.metadata.time);
    const folded = foldProjection(
      practiceProgressProjection,
      events.filter((event) => event.position <= cut.position),
    ).get(customerId)!;
    expect(Object.fromEntries(report.skills.map(({ skill, progress }) => [skill, progress]))).toEqual(
      folded.progress,
    );
    const byTime = await replayCustomer(world.backend.store, customerId, {
      until: { time: new Date(cut.metadata.time) },
      timeZone: 'UTC',
      now: world.backend.clock(),
    });
    expect(byTime.skills).toEqual(
      (
        await replayCustomer(world.backend.store, customerId, {
          until: {
            position: Math.max(
              ...events.filter((e) => e.metadata.time <= cut.metadata.time).map((e) => e.position),
            ),
          },
          timeZone: 'UTC',
          now: world.backend.clock(),
        })
      ).skills,
    );
  });
});

describe('operating a customer', () => {
  it('set-level goes through the API path: validated, progress restarted, the operator recorded', async () => {
    const { customerId } = customer(3);
    const operator = asOperator(world.backend, 'alice');
    const invalid = await rejection(
      setSkillLevel(operator, customerId, { skill: 'beginner_course', level: 'pro' }),
    );
    expect((invalid as Error).message).toBe(
      'invalid arguments: level must be one of [level not set, starter]',
    );
    const operation = await setSkillLevel(operator, customerId, { skill: 'timing', level: 'pro' });
    expect(operation.events).toEqual([
      { type: 'SkillPreferenceChanged', data: { skill: 'timing', selected: true, level: 'pro' } },
    ]);
    const [written] = (await world.backend.store.readStream(practiceStreamId(customerId))).slice(-1);
    expect(written?.metadata.operator).toBe('alice');
    const progress = world.backend.readModels.get<{
      levels: { timing: string };
      progress: { timing: number };
    }>(practiceProgressProjection.name, customerId);
    expect(progress?.levels.timing).toBe('pro');
    expect(progress?.progress.timing).toBe(0);
  });

  it('grant-plan starts an active plan without using the trial, changes it, and ends it at freemium', async () => {
    const { customerId } = customer(3);
    const operator = asOperator(world.backend, 'bob');
    const started = await grantPlan(operator, customerId, { tier: 'premium', period: 'yearly' });
    expect(started.events).toMatchObject([
      { type: 'SubscriptionStarted', data: { tier: 'premium', period: 'yearly', status: 'active' } },
    ]);
    const changed = await grantPlan(operator, customerId, {
      tier: 'basic',
      until: new Date('2027-01-31T00:00:00Z'),
    });
    expect(changed.events.map((event) => event.type)).toEqual([
      'SubscriptionPlanChanged',
      'SubscriptionActivated',
    ]);
    let row = (await listCustomers(world.backend)).find((entry) => entry.customerId === customerId)!;
    expect([row.plan, row.status]).toEqual(['basic', 'active']);
    const ended = await grantPlan(operator, customerId, { tier: 'freemium' });
    expect(ended.events.map((event) => event.type)).toEqual(['SubscriptionEnded']);
    row = (await listCustomers(world.backend)).find((entry) => entry.customerId === customerId)!;
    expect([row.plan, row.status]).toEqual(['freemium', 'canceled']);
    const stream = await world.backend.store.readStream(customerStreamId(customerId));
    expect(stream.slice(-4).map((event) => event.metadata.operator)).toEqual(['bob', 'bob', 'bob', 'bob']);
    const past = await rejection(
      grantPlan(operator, customerId, { tier: 'premium', until: new Date('2020-01-01T00:00:00Z') }),
    );
    expect((past as Error).message).toBe('invalid --until: the paid period must end in the future');
  });

  it('reset-usage lets a freemium customer who used up the day practise again, and no further than the limit', async () => {
    const { customerId } = customer(4);
    const who = { customerId, plan: { tier: 'freemium', status: 'freemium' } } as const;
    const practice = createPracticeService(world.backend, lessonCatalogue());
    const countUntilRefused = async () => {
      let counted = 0;
      for (;;) {
        try {
          await practice.countLesson(who, UTC_TIME_ZONE);
          counted += 1;
        } catch (error) {
          if (isDomainError(error, 'daily_limit_reached')) return counted;
          throw error;
        }
      }
    };
    await countUntilRefused();
    const today = practice.today(UTC_TIME_ZONE);
    const reset = await resetUsage(asOperator(world.backend, 'carol'), customerId, today);
    expect(reset.events).toEqual([{ type: 'UsageReset', data: { day: today, lessons: 3 } }]);
    expect(await countUntilRefused()).toBe(3);
    const nothing = await resetUsage(asOperator(world.backend, 'carol'), customerId, '2001-01-01');
    expect(nothing.events).toEqual([]);
  });

  it('erase removes the customer for real through the accounts service, and leaves a marker naming the operator', async () => {
    const { customerId, email } = customer(5);
    const { subscription } = (await loadCustomer(world.backend.store, customerId)) as {
      subscription: { cancelAt: string | null } | null;
    };
    const operation = await eraseCustomer(asOperator(world.backend, 'dana'), customerId);
    // Exactly what the erasure appended, the marker last.
    expect(operation.events.map((event) => event.type)).toEqual([
      ...(subscription && subscription.cancelAt === null ? ['SubscriptionCancellationScheduled'] : []),
      'CustomerErasureRequested',
      'CustomerErased',
    ]);
    expect(operation.events.at(-1)).toMatchObject({ type: 'CustomerErased', data: { customerId } });
    expect(await world.backend.store.readStream(customerStreamId(customerId))).toEqual([]);
    expect(await world.backend.store.readStream(practiceStreamId(customerId))).toEqual([]);
    const [marker] = await world.backend.store.readStream(erasureStreamId(customerId));
    expect(marker?.metadata.operator).toBe('dana');
    expect((await listCustomers(world.backend)).some((row) => row.customerId === customerId)).toBe(false);
    expect(await rejection(resolveCustomer(world.backend, email))).toBeInstanceOf(CliError);
    expect(((await rejection(eraseCustomer(world.backend, customerId))) as Error).message).toBe(
      `customer ${customerId} has been erased`,
    );
  });
});

describe('confirmation', () => {
  it('goes ahead with --yes, refuses without a terminal, and cancels on a no', async () => {
    await expect(requireConfirmation('Erase?', { yes: true, interactive: false })).resolves.toBeUndefined();
    await expect(requireConfirmation('Erase?', { yes: false, interactive: false })).rejects.toThrow(
      'not confirmed: no terminal to ask on; pass --yes to confirm this change',
    );
    await expect(
      requireConfirmation('Erase?', { yes: false, interactive: true, ask: async () => false }),
    ).rejects.toThrow('cancelled: nothing was changed');
    const asked: string[] = [];
    await requireConfirmation('Erase?', {
      yes: false,
      interactive: true,
      ask: async (question) => (asked.push(question), true),
    });
    expect(asked).toEqual(['Erase?']);
  });
});

describe('projections', () => {
  it('report checkpoints with no lag once caught up', async () => {
    await world.backend.projections.catchUp();
    const { lastPosition } = await world.backend.store.stats();
    const status = await projectionStatus(world.backend);
    expect(status.map((row) => row.name)).toEqual(ALL_PROJECTIONS.map((projection) => projection.name));
    for (const row of status) expect([row.checkpoint, row.lag]).toEqual([lastPosition, 0]);
  });

  it('say how far behind a projection is without reading the events: at most N on SQLite', async () => {
    await world.backend.projections.catchUp();
    const metadata = { schemaVersion: 1, time: SEED_END.toISOString() };
    // Another process's appends: a backend's own writes fold inside their append, so it is never behind them.
    const other = await openStores({ dataDir: world.dataDir, eventStoreConnectionString: undefined });
    const { position } = await other.store.appendToStream('lag-probe-1', [
      { type: 'LagProbed', data: {}, metadata },
      { type: 'LagProbed', data: {}, metadata },
    ]);
    await other.close();
    const status = await projectionStatus(world.backend);
    for (const row of status) {
      expect(row).toMatchObject({ behind: true, lastPosition: position, lag: 2 });
      expect(lagText(row)).toBe('≤ 2');
    }
    await world.backend.projections.catchUp();
    expect((await projectionStatus(world.backend)).map(lagText)).toEqual(status.map(() => '0'));
    // EventStoreDB positions are byte offsets: behind, by a count it does not know.
    expect(lagText({ behind: true, lag: null })).toBe('behind');
  });

  it('rebuild to the same read models, each checked against a fresh fold of the log', async () => {
    await world.backend.projections.catchUp();
    const before = ALL_PROJECTIONS.map(({ name }) => world.backend.readModels.list(name));
    const progress: number[] = [];
    const { results } = await rebuildProjections(world.backend, ALL_PROJECTIONS, () => ({
      update: (done) => void progress.push(done),
      finish: async () => undefined,
    }));
    const { events } = await world.backend.store.stats();
    expect(results.every((result) => result.matches && result.events === events)).toBe(true);
    expect(progress.at(-1)).toBe(events);
    expect(ALL_PROJECTIONS.map(({ name }) => world.backend.readModels.list(name))).toEqual(before);
  });

  it('the check finds a read model that differs from the log', async () => {
    const { customerId } = customer(0);
    const { readModels, store } = world.backend;
    const stored = readModels.get<{ progress: Record<string, number> }>(
      practiceProgressProjection.name,
      customerId,
    )!;
    readModels.put(practiceProgressProjection.name, customerId, {
      ...stored,
      progress: { ...stored.progress, timing: 99 },
    });
    const check = await verifyProjection(store, readModels, practiceProgressProjection);
    expect(check).toMatchObject({ matches: false, differences: [customerId] });
    await world.backend.projections.rebuild(practiceProgressProjection.name);
    expect((await verifyProjection(store, readModels, practiceProgressProjection)).matches).toBe(true);
  });
});
