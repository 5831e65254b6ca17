import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceStreamId } from '@stickwork/domain';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
  startTestServer,
  type TestServer,
} from '@stickwork/app-api/testing';

/**
 * The reliability suite's bad-event round: an event with `null` data in one customer's
 * `practice-` stream (a bug, an old shape, a hand edit) is parked for the projections that cannot
 * fold it. Every other customer's write still answers 201 with fresh read models, every
 * projection's lag returns to 0, health names the parked event, the customer's own writes answer
 * and say their read models are stale, and a retry after the event is repaired folds it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Health {
  status: string;
  projections: {
    lag: number;
    behind: Record<string, number>;
    parked: { projection: string; position: number; type: string; error: string }[];
  };
}

const health = async () => {
  const response = await fetch(`${server.url}/api/health`);
  return { status: response.status, body: (await response.json()) as Health };
};

/** POST /api/usage as the customer: status, the read-models header and the body. */
const countLesson = async (token: string, ip: string) => {
  const response = await fetch(`${server.url}/api/usage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token, 'x-forwarded-for': ip },
    body: JSON.stringify({ usageType: 'lesson' }),
  });
  return {
    status: response.status,
    readModels: response.headers.get('x-stickwork-read-models'),
    body: (await response.json()) as { lesson: { data_used: number }; readModels?: string },
  };
};

/**
 * A new customer whose practice stream holds one event as given (type, data, schema version), folded
 * by the projections: health is degraded, and every projection that reads the lesson history parked it.
 */
const customerWithStoredEvent = async (type: string, data: unknown, schemaVersion: number) => {
  const ip = nextClientIp();
  const { token } = await registerCustomer(apiClient(server, { ip }));
  const customerId = decodeJwtPayload(token).customerId as string;
  const api = apiClient(server, { ip, token, headers: { 'time-zone': 'UTC' } });
  const { position } = await server.backend.store.appendToStream(practiceStreamId(customerId), [
    { type, data, metadata: { schemaVersion, time: new Date().toISOString() } },
  ]);
  await server.backend.projections.catchUp();
  const degraded = await health();
  expect(degraded.body.status).toBe('degraded');
  const parked = degraded.body.projections.parked.filter((entry) => entry.position === position);
  expect(parked.map((entry) => entry.projection)).toContain('lesson_history_by_play');
  return { ip, token, customerId, api, position, parked };
};

/** Cleared for the rounds after: the stream goes with the customer, and the parked entries with it. */
const clearStream = async (customerId: string, parked: { projection: string }[]) => {
  await server.backend.store.deleteStream(practiceStreamId(customerId));
  for (const name of new Set(parked.map((entry) => entry.projection)))
    await server.backend.projections.retry(name);
  expect((await health()).body.status).toBe('ok');
};

describe('one bad event', () => {
  it("stops no other customer's practice and is folded by a retry once repaired", async () => {
    const customers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const ip = nextClientIp();
        const { token } = await registerCustomer(apiClient(server, { ip }));
        return { token, ip, customerId: decodeJwtPayload(token).customerId as string };
      }),
    );
    for (const { token, ip } of customers) expect((await countLesson(token, ip)).status).toBe(201);
    const [bad, ...others] = customers as [(typeof customers)[0], ...typeof customers];

    const { position } = await server.backend.store.appendToStream(practiceStreamId(bad.customerId), [
      {
        type: 'PracticeActivityRecorded',
        data: null,
        metadata: { schemaVersion: 1, time: new Date().toISOString() },
      },
    ]);

    for (const { token, ip } of others) {
      const answer = await countLesson(token, ip);
      expect(answer).toEqual({ status: 201, readModels: null, body: expect.anything() });
      expect(answer.body.lesson.data_used).toBe(2);
      expect(answer.body.readModels).toBeUndefined();
    }

    const degraded = await health();
    expect(degraded.status).toBe(200);
    expect(degraded.body.status).toBe('degraded');
    expect(degraded.body.projections.lag).toBe(0);
    expect(Object.values(degraded.body.projections.behind).every((behind) => behind === 0)).toBe(true);
    const parked = degraded.body.projections.parked;
    expect(parked.map((entry) => entry.projection)).toEqual(
      expect.arrayContaining(['practice_heatmap', 'practice_streaks']),
    );
    for (const entry of parked)
      expect(entry).toEqual({
        projection: entry.projection,
        position,
        type: 'PracticeActivityRecorded',
        error:
          'UpcastError: PracticeActivityRecorded at schema version 1 cannot be read: its data: Invalid input: expected object, received null',
      });
    expect(JSON.stringify(degraded.body)).not.toContain(bad.customerId);

    // The customer's own write commits and answers, saying its read models lack an event.
    const own = await countLesson(bad.token, bad.ip);
    expect(own.status).toBe(201);
    expect(own.readModels).toBe('stale');
    expect(own.body).toMatchObject({ lesson: { data_used: 2 }, readModels: 'stale' });

    // An operator repairs the event, then retries the projections that parked it.
    const today = new Date().toISOString().slice(0, 10);
    const { database } = server.backend.store as unknown as {
      database: { prepare(sql: string): { run(...values: unknown[]): unknown } };
    };
    database
      .prepare('UPDATE events SET data = ? WHERE position = ?')
      .run(JSON.stringify({ day: today, lessons: 1, minutes: 25 }), position);
    for (const name of new Set(parked.map((entry) => entry.projection))) {
      const retried = await server.backend.projections.retry(name);
      expect(retried.folded.map((entry) => entry.position)).toEqual([position]);
      expect(retried.failed).toEqual([]);
    }

    const healed = await health();
    expect(healed.status).toBe(200);
    expect(healed.body.status).toBe('ok');
    expect(healed.body.projections.parked).toEqual([]);
    const activity = await apiClient(server, bad).get('/api/practiceActivity');
    expect(activity.json).toEqual([{ date: today, count: 1, practiceDurationMinutes: 25 }]);
    const fresh = await countLesson(bad.token, bad.ip);
    expect(fresh).toEqual({
      status: 201,
      readModels: null,
      body: { lesson: { data_used: 3 }, lessonsLeftToday: 0 },
    });
  }, 60_000);

  it('answers a committed write whose read models cannot catch up in time, and says so', async () => {
    const ip = nextClientIp();
    const { token } = await registerCustomer(apiClient(server, { ip }));
    const { database } = server.backend.store as unknown as {
      database: { exec(sql: string): unknown };
    };
    // The read models' file refuses every checkpoint for now (as a failing disk would).
    database.exec(`CREATE TEMP TRIGGER checkpoints_fail BEFORE UPDATE ON main.projection_checkpoints
      BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
    try {
      const answer = await countLesson(token, ip);
      expect(answer.status).toBe(201);
      expect(answer.readModels).toBe('stale');
      expect(answer.body.readModels).toBe('stale');
    } finally {
      database.exec('DROP TRIGGER temp.checkpoints_fail');
    }
    const { customerId } = decodeJwtPayload(token) as { customerId: string };
    const events = await server.backend.store.readStream(practiceStreamId(customerId));
    expect(events.filter((event) => event.type === 'UsageIncremented')).toHaveLength(1);
    await server.backend.projections.catchUp();
    expect((await health()).body.projections.lag).toBe(0);
    expect((await countLesson(token, ip)).body.lesson.data_used).toBe(2);
  }, 60_000);
});

describe('an old-shape event that cannot be read (issue 36)', () => {
  it.each(['LessonEvaluated', 'TimingScored'])(
    'a %s with null data at schema version 1 is parked with its reason; the lesson history still answers',
    async (type) => {
      const { customerId, api, position, parked } = await customerWithStoredEvent(type, null, 1);
      for (const entry of parked)
        expect(entry.error).toBe(
          `UpcastError: ${type} at schema version 1 cannot be read: its data: Invalid input: expected object, received null`,
        );
      // The customer's read views answer, every time, as if the event were not there.
      for (let call = 0; call < 3; call++) {
        const history = await api.get('/api/lesson-history');
        expect(history.status, history.text).toBe(200);
      }
      // A retry reads it again and parks it again: it still cannot be read.
      for (const name of new Set(parked.map((entry) => entry.projection))) {
        const retried = await server.backend.projections.retry(name);
        expect(retried.folded).toEqual([]);
        expect(retried.failed.map((entry) => entry.position)).toEqual([position]);
      }
      await clearStream(customerId, parked);
    },
  );
});

describe('an event at the current schema version that does not fit it', () => {
  it('a LessonEvaluated v3 without its clock is parked naming the field; reads answer without it, writes go on', async () => {
    // Version 3 as the code writes it, but without its clock fields.
    const { token, ip, customerId, api, parked } = await customerWithStoredEvent(
      'LessonEvaluated',
      {
        lessonId: 110003,
        playId: null,
        focus: 'timing',
        type: 'exercise',
        ratingDifficulty: 'easy',
        skipped: false,
        level: 'starter',
        earned: true,
        masteryShown: false,
      },
      3,
    );
    for (const entry of parked)
      expect(entry.error).toBe(
        'UpcastError: LessonEvaluated at schema version 3 cannot be read: evaluatedAt: Invalid input: expected string, received undefined',
      );
    // The lesson history answers without a row for it (no entry with an unreadable date).
    const history = await api.get('/api/lesson-history');
    expect(history.status, history.text).toBe(200);
    expect(history.text).not.toContain('110003');
    // The customer's own write folds the stream without it: it commits, and says the read models are stale.
    const write = await countLesson(token, ip);
    expect(write.status).toBe(201);
    expect(write.readModels).toBe('stale');
    expect(write.body).toMatchObject({ lesson: { data_used: 1 }, readModels: 'stale' });

    await clearStream(customerId, parked);
  }, 60_000);
});
