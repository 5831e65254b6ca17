import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, loadConfig, type Backend } from '@stickwork/app-api';
import { customerStreamId } from '@stickwork/domain';
import { pino } from 'pino';
import { CliError } from '../context.js';
import { seedStore } from './seed-store.js';

const END = new Date('2026-05-10T12:00:00.000Z');
const OPTIONS = { customers: 1, days: 1, seed: 41, end: END };
const opened: { backend: Backend; dataDir: string }[] = [];

const emptyBackend = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-seed-'));
  const backend = await createBackend(loadConfig({ DATA_DIR: dataDir }), {
    logger: pino({ level: 'silent' }),
    clock: () => new Date(END.getTime() + 3_600_000),
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
