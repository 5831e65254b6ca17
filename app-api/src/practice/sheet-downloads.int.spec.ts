import {
  getCatalogue,
  passesForPracticeTime,
  passesSentence,
  tempoStep,
  type TempoPlan,
} from '@stickwork/domain';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerDrummer,
  startPracticeServer,
  timingTakeRequest,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';
import { SHEET_DOWNLOAD_LIMIT_MESSAGE, SHEET_DOWNLOADS_PER_MINUTE } from './practice-router.js';

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer();
});
afterAll(() => server.close());

describe('GET /api/file/download', () => {
  it(`answers a clear 429 past ${SHEET_DOWNLOADS_PER_MINUTE} sheets a minute for one customer, and only for that customer`, async () => {
    const lesson = getCatalogue()[0]!;
    const drummer = await registerDrummer(server);
    const path = `/api/file/download?lessonId=${lesson.lesson_id}`;
    for (let i = 0; i < SHEET_DOWNLOADS_PER_MINUTE; i++) {
      const response = await drummer.api.get(path);
      expect(response.status, `download ${i + 1}`).toBe(200);
      expect(response.contentType).toBe('application/pdf');
    }
    const refused = await drummer.api.get(path);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: SHEET_DOWNLOAD_LIMIT_MESSAGE });

    const other = await registerDrummer(server);
    expect((await other.api.get(path)).status).toBe(200);
  }, 120_000);
});

describe('GET /api/file/download at the planned tempo', () => {
  it("prints the drummer's planned start tempo and the passes the card counts at it", async () => {
    const lesson = getCatalogue().find(
      (candidate) => candidate.focus === 'timing' && candidate.type === 'exercise',
    )!;
    const drummer = await registerDrummer(server);
    // One good take at the catalogue's tempo: the plan starts the next play a step faster.
    await drummer.api.post(
      '/api/lesson/timing',
      timingTakeRequest(lesson.lesson_id, lesson.start_bpm, 92, 'play-1'),
    );
    const plan = (await drummer.api.get(`/api/lesson/tempo-plan?lessonId=${lesson.lesson_id}`))
      .json as TempoPlan;
    expect(plan.startBpm).toBe(lesson.start_bpm + tempoStep(lesson.start_bpm));

    const response = await fetch(`${server.url}/api/file/download?lessonId=${lesson.lesson_id}`, {
      headers: { 'x-auth-token': drummer.token },
    });
    expect(response.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) });
    const text = (await parser.getText().finally(() => parser.destroy())).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Tempo: ${plan.startBpm} bpm`);
    const passes = passesForPracticeTime(lesson.notation, lesson.practice_time, plan.startBpm);
    expect(text).toContain(passesSentence(passes, plan.startBpm));
  }, 120_000);
});
