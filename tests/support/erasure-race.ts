import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registration,
  sqliteTablesAndColumns,
} from '@stickwork/app-api/testing';
import type { SharedPool } from '../../app-api/src/adapters/postgres/postgres-pool.js';

/**
 * The erasure race (issue 36), shared by the two-worker cluster's round
 * (tests/integration/reliability/erasure-race.int.spec.ts) and the two hosts' round
 * (tests/integration/scale-out/two-hosts.int.spec.ts): writers post usage, practice activity and
 * reminder settings for one customer while DELETE /api/delete/account is fired into them after
 * 10-145 ms; then every table is searched for a row naming the customer.
 */
export const ERASURE_RACE_WRITERS = 4;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One round: a customer registered on the first server, `ERASURE_RACE_WRITERS` writers spread over
 * `urls` in turn, and the erasure sent to `eraseOn` 10-145 ms in. The writers go on 200 ms after the
 * erasure's answer, as clients that have not heard of it. Answers the customer and every status the
 * writers got.
 */
export const raceOneErasure = async (urls: readonly string[], eraseOn = urls[0]!) => {
  const ip = nextClientIp();
  const registered = await apiClient({ url: urls[0]! }, { ip }).post('/api/register', registration());
  expect(registered.status, registered.text).toBe(201);
  const token = (registered.json as { token: string }).token;
  const customerId = decodeJwtPayload(token).customerId as string;
  const as = { ip, token, headers: { 'time-zone': 'UTC' } };

  const statuses: number[] = [];
  let erased = false;
  let stopAt = Number.POSITIVE_INFINITY;
  const writer = async (index: number) => {
    const api = apiClient({ url: urls[index % urls.length]! }, as);
    for (let step = index; Date.now() < stopAt; step += ERASURE_RACE_WRITERS) {
      const answer =
        step % 3 === 0
          ? await api.post('/api/usage', { usageType: 'lesson' })
          : step % 3 === 1
            ? await api.post('/api/practiceActivity', {
                countLessonsPracticed: 1,
                practiceDurationMinutes: 5,
              })
            : await api.request('PUT', '/api/reminders', { enabled: true, days: [1 + (step % 7)], hour: 18 });
      statuses.push(answer.status);
      if (erased && answer.status === 401) return;
    }
  };
  const writers = Array.from({ length: ERASURE_RACE_WRITERS }, (_, index) => writer(index));
  await pause(10 + Math.floor(Math.random() * 136));
  const erasure = await apiClient({ url: eraseOn }, as).delete('/api/delete/account');
  expect(erasure.status, erasure.text).toBe(200);
  erased = true;
  stopAt = Date.now() + 200;
  await Promise.all(writers);
  return { customerId, statuses };
};

/** The statuses a write racing an erasure may get: taken, refused (401, 410) or limited (429). */
export const ERASURE_RACE_STATUSES = [200, 201, 401, 410, 429];

/** What may name an erased customer: the erasure's own record, per table. */
export type IsErasureRecord = (table: string, row: Record<string, unknown>, customerId: string) => boolean;

const describeRow = (table: string, row: Record<string, unknown>) =>
  `${table}: ${JSON.stringify(row).slice(0, 160)}`;

/** Every row of every table of a SQLite file that names the customer, but the erasure's record. */
export const sqliteRowsNaming = (file: string, customerId: string, isErasureRecord: IsErasureRecord) => {
  const database = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return [...sqliteTablesAndColumns(database)].flatMap(([table, columns]) => {
      const naming = columns.map((column) => `instr(CAST("${column}" AS TEXT), @id) > 0`).join(' OR ');
      const rows = database
        .prepare(`SELECT * FROM "${table}" WHERE ${naming}`)
        .all({ id: customerId }) as Record<string, unknown>[];
      return rows
        .filter((row) => !isErasureRecord(table, row, customerId))
        .map((row) => describeRow(table, row));
    });
  } finally {
    database.close();
  }
};

/** Every row of every table of the PostgreSQL database that names the customer, but the erasure's record. */
export const postgresRowsNaming = async (
  pool: SharedPool,
  customerId: string,
  isErasureRecord: IsErasureRecord,
): Promise<string[]> => {
  const { rows: columns } = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const found: string[] = [];
  for (const table of new Set(columns.map((column) => column.table_name))) {
    const naming = columns
      .filter((column) => column.table_name === table)
      .map((column) => `strpos("${column.column_name}"::text, $1) > 0`)
      .join(' OR ');
    const { rows } = await pool.query<Record<string, unknown>>(`SELECT * FROM "${table}" WHERE ${naming}`, [
      customerId,
    ]);
    found.push(
      ...rows.filter((row) => !isErasureRecord(table, row, customerId)).map((row) => describeRow(table, row)),
    );
  }
  return found;
};

/** `stickwork <args>` as an operator runs it, with `env` (DATA_DIR, the stores) added. */
export const runStickwork = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number; stdout: string }>((resolve) =>
    execFile(
      process.execPath,
      [path.join(root, 'cli/bin/stickwork.js'), ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    ),
  );
