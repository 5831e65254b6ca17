import fs from 'node:fs';
import path from 'node:path';
import express, { type Request } from 'express';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import { HttpError } from './http-error.js';
import { validOr400 } from './valid-or-400.js';

/**
 * Test-only clock. `STICKWORK_TEST_CLOCK=1` makes the server's clock movable, so an end-to-end
 * journey can come back "days later" (a spaced return) without waiting for them:
 * `POST /api/test/clock { "advanceDays": N, "advanceMinutes": M }` moves it N days and M minutes forward, `DELETE /api/test/clock` puts
 * it back on the system time. Only from loopback. Never set it outside tests; it is ignored when
 * `NODE_ENV` is `production` (as `STICKWORK_FAULT` is).
 */
export const testClockEnabled = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.STICKWORK_TEST_CLOCK === '1' && env.NODE_ENV !== 'production';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestClock {
  /** The system time plus the offset: what the backend reads as "now". */
  clock: Clock;
  advanceDays(days: number): void;
  /** Moves the clock on by minutes: a lesson practised for that long by the server's practice clock. */
  advanceMinutes(minutes: number): void;
  reset(): void;
  /** Days the clock is ahead of the system time. */
  offsetDays(): number;
}

/** Where the server keeps its test clock's offset, so every worker process of it reads the same time. */
export const testClockFile = (dataDir: string): string => path.join(dataDir, 'test-clock-offset-ms');

/** The offset in a file: a move on one worker is what the next request reads on any other. */
const fileOffset = (file: string) => ({
  get: (): number => {
    try {
      return Number(fs.readFileSync(file, 'utf8')) || 0;
    } catch {
      return 0; // no file: not moved
    }
  },
  set: (offsetMs: number) => {
    // Written aside and renamed into place: a reader never sees half a number.
    const draft = `${file}.${process.pid}.draft`;
    fs.writeFileSync(draft, String(offsetMs), { mode: 0o600 });
    fs.renameSync(draft, file);
  },
});

/** A server (re)starting begins on the system time: a move made before is forgotten. */
export const resetTestClockFile = (file: string): void => fs.rmSync(file, { force: true });

/**
 * `file` (the server: `testClockFile(DATA_DIR)`) shares the offset between the processes that serve;
 * without it the offset lives in this process (in-process tests).
 */
export const createTestClock = (base: Clock, file?: string): TestClock => {
  let memory = 0;
  const offset = file ? fileOffset(file) : { get: () => memory, set: (ms: number) => void (memory = ms) };
  return {
    clock: () => new Date(base().getTime() + offset.get()),
    advanceDays: (days) => offset.set(offset.get() + days * DAY_MS),
    advanceMinutes: (minutes) => offset.set(offset.get() + minutes * 60_000),
    reset: () => offset.set(0),
    offsetDays: () => offset.get() / DAY_MS,
  };
};

const advanceSchema = z
  .object({
    advanceDays: z.number().int().min(0).max(366).default(0),
    advanceMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(0),
  })
  .strict();

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The socket's peer, not X-Forwarded-For: the e2e suite forwards made-up addresses. */
const fromLoopback = (req: Request) => LOOPBACK.has(req.socket.remoteAddress ?? '');

/** The routes that move a test clock; answer `{ offsetDays, now }`. */
export const testClockRouter = (testClock: TestClock) => {
  const router = express.Router();
  router.use('/test/clock', (req, _res, next) => {
    if (!fromLoopback(req)) throw new HttpError(403, 'The test clock answers only on loopback.');
    next();
  });
  const answer = () => ({ offsetDays: testClock.offsetDays(), now: testClock.clock().toISOString() });
  router.post('/test/clock', (req, res) => {
    const { advanceDays, advanceMinutes } = validOr400(advanceSchema, req.body);
    testClock.advanceDays(advanceDays);
    testClock.advanceMinutes(advanceMinutes);
    res.json(answer());
  });
  router.delete('/test/clock', (_req, res) => {
    testClock.reset();
    res.json(answer());
  });
  return router;
};
