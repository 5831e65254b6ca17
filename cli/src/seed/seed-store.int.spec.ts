import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createBackend,
  loadConfig,
  loadCustomer,
  settleAllPeriodEnds,
  type Backend,
} from '@stickwork/app-api';
import { customerStreamId, timeZoneSchema } from '@stickwork/domain';
import { pino } from 'pino';
import { CliError } from '../context.js';
import { seedStore } from './seed-store.js';

const END = new Date('2026-05-10T12:00:00.000Z');
const OPTIONS = { customers: 1, days: 1, seed: 41, end: END };
const opened: { backend: Backend; dataDir: string }[] = [];

const emptyBackend = async (now = new Date(END.getTime() + 3_600_000)) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-seed-'));
  const backend = await createBackend(loadConfig({ DATA_DIR: dataDir }), {
    logger: pino({ level: 'silent' }),
    clock: () => now,
  });
  opened.push({ backend, dataDir });
  return backend;
};

afterEach(async () => {
  for (const { backend, dataDir } of opened.splice(0)) {
    await backend.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/** An email reservation as a registration that crashed before its customer was written leaves it. */
const reserve = (backend: Backend, email: string, customerId: string, reservedAt: string) =>
  backend.store.appendToStream(
    backend.reservations.email(email),
    [
      {
        type: 'EmailReserved',
        data: { customerId, reservedAt },
        metadata: { schemaVersion: 1, time: reservedAt },
      },
    ],
    { expectedRevision: 'no_stream' },
  );

const reservationOf = async (backend: Backend, email: string) =>
  (await backend.store.readStream(backend.reservations.email(email))).map((event) => event.data);

describe("the seed's registration (the accounts service's, as POST /api/register)", () => {
  it('releases a stale reservation whose customer was never written, and registers the seeded customer', async () => {
    const { email, customerId } = (await seedStore(await emptyBackend(), OPTIONS)).customers[0]!;
    const backend = await emptyBackend();
    await reserve(backend, email, '00000000-0000-4000-8000-000000000000', '2026-01-01T00:00:00.000Z');

    const seeded = await seedStore(backend, OPTIONS);

    expect(seeded.customers).toMatchObject([{ email, customerId }]);
    expect(await reservationOf(backend, email)).toMatchObject([{ customerId }]);
    expect((await backend.store.readStream(customerStreamId(customerId)))[0]?.type).toBe(
      'CustomerRegistered',
    );
  });

  it('refuses an email another customer holds, and never releases a reservation it did not make', async () => {
    const backend = await emptyBackend();
    const { email, customerId } = (await seedStore(backend, OPTIONS)).customers[0]!;
    const before = await reservationOf(backend, email);

    const again = await seedStore(backend, OPTIONS).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(again).toBeInstanceOf(CliError);
    expect((again as Error).message).toBe(
      `${email} is already registered: this store was seeded with --seed 41; pick another`,
    );
    expect(await reservationOf(backend, email)).toEqual(before);
    expect(before).toMatchObject([{ customerId }]);
  });
});

describe('the seed walks its clock through period ends and pins zones', () => {
  // `stickwork seed --end 2026-05-10` run on 2026-09-01: the histories end in May, the command's
  // moment (its `notAfter`, the server's "now") is months later.
  const NOW = new Date('2026-09-01T08:00:00.000Z');
  const seedInThePast = async () => {
    const backend = await emptyBackend(NOW);
    const seeded = await seedStore(backend, { customers: 12, days: 40, seed: 7, end: END, notAfter: NOW });
    return { backend, seeded };
  };

  it("records trial ends and renewals at their own times, up to its moment: the server's sweep then finds nothing to write", async () => {
    const { backend } = await seedInThePast();
    const all = await backend.store.readAll();
    const started = all.filter((event) => event.type === 'SubscriptionStarted');
    expect(started.length).toBeGreaterThan(0);
    const trials = started.filter((event) => (event.data as { status: string }).status === 'trialing');
    expect(trials.length).toBeGreaterThan(0);

    for (const start of started) {
      // Each step of the subscription is recorded at the end of the period before it.
      let periodEnd = (start.data as { currentPeriodEnd: string }).currentPeriodEnd;
      const steps = all.filter(
        (event) =>
          event.streamId === start.streamId &&
          event.position > start.position &&
          event.type.startsWith('Subscription'),
      );
      expect(steps.length).toBeGreaterThan(0); // months of renewals since
      for (const step of steps) {
        expect(step.metadata.time).toBe(periodEnd);
        periodEnd = (step.data as { currentPeriodEnd: string }).currentPeriodEnd;
      }
      expect(Date.parse(periodEnd)).toBeGreaterThan(NOW.getTime());
    }
    for (const trial of trials) {
      const { trialEndsAt, currentPeriodEnd } = trial.data as {
        trialEndsAt: string;
        currentPeriodEnd: string;
      };
      expect(currentPeriodEnd).toBe(trialEndsAt);
    }
    expect(all.every((event) => Date.parse(event.metadata.time) <= NOW.getTime())).toBe(true);

    // The server starts at NOW: its period-end sweep has nothing to record "now".
    await backend.projections.waitFor(all.at(-1)!.position);
    await settleAllPeriodEnds(backend);
    expect((await backend.store.readAll()).length).toBe(all.length);
  });

  it("pins each seeded customer's time zone when they register, from the seed", async () => {
    const { backend, seeded } = await seedInThePast();
    const again = await seedInThePast();
    for (const [index, { customerId }] of seeded.customers.entries()) {
      const customer = await loadCustomer(backend.store, customerId);
      if (customer.status !== 'registered') throw new Error('a seeded customer is not registered');
      expect(timeZoneSchema.safeParse(customer.timeZone).success).toBe(true);
      const pinned = (await backend.store.readStream(customerStreamId(customerId))).find(
        (event) => event.type === 'TimeZonePinned',
      );
      expect(pinned?.data).toMatchObject({ timeZone: customer.timeZone });
      const other = await loadCustomer(again.backend.store, again.seeded.customers[index]!.customerId);
      expect(other).toMatchObject({ timeZone: customer.timeZone });
    }
    expect(
      new Set(
        await Promise.all(
          seeded.customers.map(async ({ customerId }) => {
            const customer = await loadCustomer(backend.store, customerId);
            return customer.status === 'registered' ? customer.timeZone : null;
          }),
        ),
      ).size,
    ).toBeGreaterThan(1);
  });
});
