import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackend, loadConfig, type Backend } from '@stickwork/app-api';
import { pino } from 'pino';
import { seedStore, type SeedSummary } from '../seed/seed-store.js';

export const SEED_END = new Date('2026-05-10T12:00:00.000Z');

export interface SeededBackend {
  backend: Backend;
  dataDir: string;
  seeded: SeedSummary;
  /** The operations' clock: set it to move time. */
  setNow(time: Date): void;
  dispose(): Promise<void>;
}

/** A real SQLite store in a temporary DATA_DIR, seeded through the real commands. */
export const seededBackend = async (options: {
  customers: number;
  days: number;
  seed: number;
}): Promise<SeededBackend> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-cli-'));
  let now = new Date(SEED_END.getTime() + 3_600_000);
  const backend = await createBackend(loadConfig({ DATA_DIR: dataDir }), {
    logger: pino({ level: 'silent' }),
    clock: () => now,
  });
  const seeded = await seedStore(backend, { ...options, end: SEED_END });
  return {
    backend,
    dataDir,
    seeded,
    setNow: (time) => void (now = time),
    dispose: async () => {
      await backend.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
