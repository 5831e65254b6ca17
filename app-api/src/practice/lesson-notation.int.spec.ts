import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue } from '@stickwork/domain';
import {
  registerDrummer,
  startPracticeServer,
  type Drummer,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';

let server: PracticeTestServer;
let drummer: Drummer;
beforeAll(async () => {
  server = await startPracticeServer();
  drummer = await registerDrummer(server);
});
afterAll(() => server.close());

const notationOf = (query: string, token: string | null = drummer.token) =>
  fetch(`${server.url}/api/lesson/notation${query}`, { headers: token ? { 'x-auth-token': token } : {} });

describe('GET /api/lesson/notation', () => {
  it("answers the lesson's notation, the very data the sheet music is drawn from, private to the customer", async () => {
    const lesson = getCatalogue().find((exercise) => exercise.notation.click !== undefined)!;
    const response = await notationOf(`?lessonId=${lesson.lesson_id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=86400');
    const body = (await response.json()) as { lessonId: number; notation: unknown };
    expect(body).toEqual({ lessonId: lesson.lesson_id, notation: lesson.notation });
  });

  it('answers 404 with a message for an unknown lesson', async () => {
    const response = await notationOf('?lessonId=987654321');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'There is no lesson with id 987654321.' });
  });

  it('answers 400 with a message for a missing or malformed id', async () => {
    for (const query of [
      '',
      '?lessonId=',
      '?lessonId=abc',
      '?lessonId=-3',
      '?lessonId=1&lessonId=2',
      '?lessonId=1e3',
    ]) {
      const response = await notationOf(query);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { message?: unknown };
      expect(typeof body.message, query).toBe('string');
    }
  });

  it('needs a login token', async () => {
    const lesson = getCatalogue()[0]!;
    const response = await notationOf(`?lessonId=${lesson.lesson_id}`, null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'User not authorized' });
  });
});
