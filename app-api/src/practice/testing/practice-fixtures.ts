import { getCatalogue } from '@stickwork/domain';
import { takeFigures } from '@stickwork/domain/testing';
import { runCustomerCommand } from '../../accounts/customer-commands.js';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
  type ApiClient,
} from '../../accounts/testing/account-fixtures.js';

/** A test server whose clock the test moves. */
export interface PracticeTestServer extends TestServer {
  api: ApiClient;
  setNow(instant: string | Date): void;
  now(): Date;
}

export const startPracticeServer = async (
  startAt = '2026-03-10T09:00:00.000Z',
  environment: Record<string, string> = {},
): Promise<PracticeTestServer> => {
  let now = new Date(startAt);
  const server = await startTestServer(environment, { clock: () => new Date(now) });
  return {
    ...server,
    api: apiClient(server),
    setNow: (instant) => void (now = new Date(instant)),
    now: () => new Date(now),
  };
};

export interface Drummer {
  customerId: string;
  token: string;
  /** Requests as this customer (its token, its own client address). */
  api: ApiClient & { patch: ApiClient['post'] };
}

/** A customer registered through POST /api/register (the login service), freemium. */
export const registerDrummer = async (server: PracticeTestServer): Promise<Drummer> => {
  const ip = nextClientIp();
  const { token } = await registerCustomer(apiClient(server, { ip }));
  const customerId = decodeJwtPayload(token).customerId as string;
  const api = apiClient(server, { ip, token });
  return {
    customerId,
    token,
    api: {
      ...api,
      patch: (pathAndQuery, body, options) => api.request('PATCH', pathAndQuery, body, options),
    },
  };
};

/**
 * `minutes` of practice by the server's practice clock: a session of `skill` is scheduled now and the
 * clock moves `minutes` on, so an evaluation or a practice activity right after is credited for them.
 */
export const practiseFor = async (
  server: PracticeTestServer,
  drummer: Drummer,
  minutes: number,
  skill: { focus: string; level: string } = { focus: 'timing', level: 'beginner' },
): Promise<void> => {
  const scheduled = await drummer.api.post('/api/lesson/schedule', {
    skillPreference: [skill],
    practiceTime: 30,
    padSufficient: false,
  });
  if (scheduled.status !== 200) throw new Error(`could not schedule: ${JSON.stringify(scheduled.json)}`);
  server.setNow(new Date(server.now().getTime() + minutes * 60_000));
};

/**
 * A warm-up practised for the `minutes` before now by the server's practice clock, then
 * POST /api/practiceActivity with `body`: what the lesson card does after a lesson really practised.
 * The clock is back at now when it answers. Answers the activity's response.
 */
export const practiseAndRecordActivity = async (
  server: PracticeTestServer,
  drummer: Drummer,
  minutes: number,
  body: { countLessonsPracticed: number; practiceDurationMinutes: number },
  options?: Parameters<ApiClient['post']>[2],
) => {
  const now = server.now();
  server.setNow(new Date(now.getTime() - minutes * 60_000));
  const scheduled = await drummer.api.post(
    '/api/lesson/schedule',
    { skillPreference: [{ focus: 'timing', level: 'beginner' }], practiceTime: 30, padSufficient: false },
    options,
  );
  if (scheduled.status !== 200) throw new Error(`could not schedule: ${JSON.stringify(scheduled.json)}`);
  server.setNow(now);
  const warmUp = getCatalogue().find((lesson) => lesson.type === 'warm_up')!;
  await drummer.api.post(
    '/api/lesson/finishExercise',
    { lessonId: warmUp.lesson_id, type: 'warm_up', ratingDifficulty: 'easy', skipLesson: false },
    options,
  );
  return drummer.api.post('/api/practiceActivity', body, options);
};

/** Puts a customer on a paid plan the way a payment would (the payment service's command). */
export const subscribe = async (
  server: PracticeTestServer,
  customerId: string,
  tier: 'basic' | 'premium' | 'exclusive',
  status: 'trialing' | 'active' = 'active',
): Promise<void> => {
  await runCustomerCommand(
    server.backend,
    customerId,
    {
      type: 'StartSubscription',
      data: { tier, period: 'monthly', status, currentPeriodEnd: '2026-12-31T00:00:00.000Z' },
    },
    { now: server.now() },
  );
};

/**
 * A take as the lesson card posts it (POST /api/lesson/timing): 16 notes all hit at 80 bpm with
 * `accuracy`, every one played by the snare on the 'e', 20 ms late.
 */
export const lateSnareTake = (lessonId: number, playId: string, accuracy = 90) => ({
  ...takeFigures({
    lessonId,
    expected: 16,
    hits: 16,
    meanOffsetMs: 20,
    spreadMs: 4,
    accuracy,
    byPosition: [
      {
        voice: 'snare',
        position: 'e',
        strokes: 16,
        meanOffsetMs: 20,
        spreadMs: 4,
        // The 'e' of 2 and of 4 alike: too few strokes on either for a beat of its own.
        beats: [
          { beat: 2, strokes: 8, meanOffsetMs: 20, spreadMs: 4 },
          { beat: 4, strokes: 8, meanOffsetMs: 20, spreadMs: 4 },
        ],
      },
    ],
  }),
  playId,
});

/** The body of POST /api/lesson/timing: a 32-note take, every note hit, at `bpm` with `accuracy` %. */
export const timingTakeRequest = (lessonId: number, bpm: number, accuracy: number, playId: string) => ({
  ...takeFigures({ lessonId, bpm, accuracy, meanOffsetMs: 4, spreadMs: 6 }),
  playId,
});
