import { getCatalogue } from '@stickwork/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerDrummer,
  startPracticeServer,
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
