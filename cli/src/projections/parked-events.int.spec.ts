/**
 * `projections status` lists the events a projection parked, `verify` and `rebuild`
 * leave them parked without calling it drift, and `projections retry` folds them again once
 * fixed (exit 1 while one still fails). The CLI runs as a separate process on a real SQLite store
 * that stays open here, as the server's would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceStreamId } from '@stickwork/domain';
import { seededBackend, type SeededBackend } from '../testing/seeded-backend.js';
import { runCli } from '../testing/run-cli.js';

let world: SeededBackend;
let env: Record<string, string>;
let position: number;
const SEED_TIME = '2026-05-10T12:30:00.000Z';

interface StatusRow {
  name: string;
  lag: number;
  parked: number;
  parkedEvents: { position: number; type: string; streamId: string; error: string }[];
}

beforeAll(async () => {
  world = await seededBackend({ customers: 2, days: 3, seed: 25 });
  env = { DATA_DIR: world.dataDir, STICKWORK_PAGER: 'cat' };
  const { customerId } = world.seeded.customers[0]!;
  ({ position } = await world.backend.store.appendToStream(practiceStreamId(customerId), [
    { type: 'PracticeActivityRecorded', data: null, metadata: { schemaVersion: 1, time: SEED_TIME } },
  ]));
  await world.backend.projections.catchUp();
}, 120_000);
afterAll(async () => world.dispose());

const status = async () => {
  const run = await runCli(['projections', 'status', '--json'], env);
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as StatusRow[];
};

describe('projections and a parked event', () => {
  it('status lists the parked event beside every projection caught up', async () => {
    const rows = await status();
    expect(rows.every((row) => row.lag === 0)).toBe(true);
    const heatmap = rows.find((row) => row.name === 'practice_heatmap')!;
    expect(heatmap.parked).toBe(1);
    expect(heatmap.parkedEvents).toEqual([
      expect.objectContaining({
        position,
        type: 'PracticeActivityRecorded',
        error:
          'UpcastError: PracticeActivityRecorded at schema version 1 cannot be read: its data: Invalid input: expected object, received null',
      }),
    ]);

    const text = await runCli(['projections', 'status'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('PARKED');
    expect(text.stdout).toContain('Parked events');
    expect(text.stdout).toMatch(new RegExp(`practice_heatmap\\s+${position}\\s`));
  });

  it('verify and rebuild keep it parked and report no drift', async () => {
    const verify = await runCli(['projections', 'verify', '--json'], env);
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    const rebuild = await runCli(['projections', 'rebuild', 'practice_heatmap', '--json'], env);
    expect(rebuild.code).toBe(0);
    expect(JSON.parse(rebuild.stdout)).toMatchObject({ results: [{ matches: true, parked: 1 }] });
    expect((await status()).find((row) => row.name === 'practice_heatmap')!.parked).toBe(1);
  }, 60_000);

  it('retry exits 1 while the event still fails, and folds it once the event is repaired', async () => {
    const failing = await runCli(['projections', 'retry', 'practice_heatmap'], env);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('still fails');
    expect(failing.stderr).toBe(
      'stickwork: error: 1 parked event(s) still fail: practice_heatmap; fix the projection or the event, then retry\n',
    );

    // Verify now tells the operator a parked event folds: the repair is not folded until a retry.
    const { database } = world.backend.store as unknown as {
      database: { prepare(sql: string): { run(...values: unknown[]): unknown } };
    };
    database
      .prepare('UPDATE events SET data = ? WHERE position = ?')
      .run(JSON.stringify({ day: '2026-05-10', lessons: 1, minutes: 20 }), position);
    const drift = await runCli(['projections', 'verify', 'practice_heatmap'], env);
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain(`#${position} parked, folds now`);

    const retried = await runCli(['projections', 'retry', '--json'], env);
    expect(retried.stderr).toBe('');
    expect(retried.code).toBe(0);
    const outcomes = JSON.parse(retried.stdout) as { name: string; folded: { position: number }[] }[];
    expect(outcomes.length).toBeGreaterThanOrEqual(2);
    for (const outcome of outcomes) expect(outcome.folded.map((event) => event.position)).toEqual([position]);
    expect((await status()).every((row) => row.parked === 0)).toBe(true);
    expect((await runCli(['projections', 'verify'], env)).code).toBe(0);
    expect((await runCli(['projections', 'retry'], env)).stdout).toBe('No parked events.\n');
  }, 60_000);
});
