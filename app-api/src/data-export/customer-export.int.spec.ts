import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue, lessonTempoRange, tempoStep, withoutSecretFields } from '@stickwork/domain';
import {
  practiceActivityEntries,
  practiceHeatmapProjection,
  type PracticeHeatmapModel,
} from '@stickwork/projections';
import {
  lateSnareTake,
  practiseAndRecordActivity,
  registerDrummer,
  startPracticeServer,
  type PracticeTestServer,
} from '../practice/testing/practice-fixtures.js';
import { EXPORT_LIMIT_MESSAGE, EXPORTS_PER_HOUR } from './data-export-router.js';
import { toCsv } from './csv.js';

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer('2026-03-10T09:00:00.000Z');
});
afterAll(() => server.close());

const BERLIN = { headers: { 'time-zone': 'Europe/Berlin' } };
const warmUp = getCatalogue().find((lesson) => lesson.type === 'warm_up')!;

/** GET /api/export as raw bytes, unzipped into { name: text }. */
const download = async (token: string | undefined) => {
  const response = await fetch(`${server.url}/api/export`, {
    headers: token ? { 'x-auth-token': token } : {},
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes };
};
const unzipText = (bytes: Uint8Array) =>
  Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));

/** A customer who rated skills, practised, evaluated a lesson, took a timing take and set a goal. */
const activeDrummer = async () => {
  const drummer = await registerDrummer(server);
  const ok = (response: { status: number; text: string }) =>
    expect(response.status, response.text).toBeLessThan(300);
  ok(
    await drummer.api.post(
      '/api/focus',
      { skillSelfRating: [{ skillName: 'timing', selected: true, level: 'beginner' }] },
      BERLIN,
    ),
  );
  ok(
    await practiseAndRecordActivity(
      server,
      drummer,
      35,
      { countLessonsPracticed: 1, practiceDurationMinutes: 35 },
      BERLIN,
    ),
  );
  // (The warm-up practised for 35 minutes is the lesson it evaluated, rated easy.)
  ok(await drummer.api.request('PUT', '/api/goal', { daysPerWeek: 4 }, BERLIN));
  return drummer;
};

describe('GET /api/export', () => {
  it("zips the customer's events per stream (no password hash), their read models as CSV and a README", async () => {
    const drummer = await activeDrummer();
    const other = await activeDrummer();
    const { response, bytes } = await download(drummer.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('filename="stickwork-data-2026-03-10.zip"');
    const files = unzipText(bytes);
    const folder = 'stickwork-data-2026-03-10/';
    const names = Object.keys(files);
    expect(names.every((name) => name.startsWith(folder))).toBe(true);
    const file = (name: string) => files[folder + name];

    // Every stream of the customer in the store, event for event.
    const { store, readModels } = server.backend;
    const streams = names
      .filter((name) => name.startsWith(`${folder}events/`))
      .map((name) => name.slice(`${folder}events/`.length, -'.json'.length));
    expect(streams).toEqual(
      expect.arrayContaining([`customer-${drummer.customerId}`, `practice-${drummer.customerId}`]),
    );
    expect(streams.some((stream) => stream.startsWith('email-'))).toBe(true);
    for (const stream of streams) {
      const stored = await store.readStream(stream);
      expect(JSON.parse(file(`events/${stream}.json`)!)).toEqual(
        stored.map((event) => ({
          revision: event.revision,
          position: event.position,
          type: event.type,
          time: event.metadata.time,
          schemaVersion: event.metadata.schemaVersion,
          data: withoutSecretFields(event.data),
        })),
      );
    }
    const account = JSON.parse(file(`events/customer-${drummer.customerId}.json`)!) as {
      type: string;
      data: Record<string, unknown>;
    }[];
    const registered = account.find((event) => event.type === 'CustomerRegistered')!;
    expect(registered.data).toMatchObject({
      email: expect.stringContaining('@'),
      firstname: expect.any(String),
    });
    const everything = Object.values(files).join('\n');
    expect(everything).not.toContain('passwordHash');
    expect(everything).not.toContain('argon2');
    // Nothing of the other customer.
    expect(everything).not.toContain(other.customerId);
    const practice = JSON.parse(file(`events/practice-${drummer.customerId}.json`)!) as { type: string }[];
    expect(practice.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'SkillsSelfRated',
        'PracticeActivityRecorded',
        'LessonEvaluated',
        'WeeklyGoalSet',
      ]),
    );

    // The read models as the store holds them.
    const heatmap = readModels.get<PracticeHeatmapModel>(practiceHeatmapProjection.name, drummer.customerId)!;
    expect(file('read-models/activity.csv')).toBe(
      [
        'date,lessons,minutes',
        ...practiceActivityEntries(heatmap).map((e) => `${e.date},${e.count},${e.practiceDurationMinutes}`),
        '',
      ].join('\r\n'),
    );
    expect(file('read-models/activity.csv')).toContain('2026-03-10,1,35');
    const progress = file('read-models/progress.csv')!.trim().split('\r\n');
    expect(progress[0]).toBe('skill,level,progress_percent,in_sessions');
    expect(progress).toContain('Timing,beginner,0,yes');
    expect(progress).toHaveLength(9);
    const history = file('read-models/lesson-history.csv')!.trim().split('\r\n');
    expect(history).toHaveLength(2);
    expect(history[1]).toContain(`,${warmUp.lesson_id},`);
    expect(history[1]).toContain(',warm_up,easy,no,0,');
    expect(file('read-models/weekly-goals.csv')).toBe('set_on,days_per_week\r\n2026-03-10,4\r\n');
    expect(file('README.txt')).toContain(`Customer: ${drummer.customerId}`);
    expect(file('README.txt')).toContain('lesson-history.csv');
  });

  it('includes the figures per position of the takes and the weak spots they make', async () => {
    const drummer = await registerDrummer(server);
    for (const playId of ['play-1', 'play-2'])
      expect(
        (await drummer.api.post('/api/lesson/timing', lateSnareTake(warmUp.lesson_id, playId))).status,
      ).toBe(201);
    const files = unzipText((await download(drummer.token)).bytes);
    const file = (name: string) => files[`stickwork-data-2026-03-10/${name}`];
    expect(file('read-models/timing-positions.csv')).toBe(
      [
        'day,voice,position,beat,strokes,mean_offset_ms,spread_ms,takes',
        '2026-03-10,snare,e,,32,20,4,2',
        '2026-03-10,snare,e,2,16,20,4,2',
        '2026-03-10,snare,e,4,16,20,4,2',
        '',
      ].join('\r\n'),
    );
    expect(file('read-models/weak-spots.csv')).toBe(
      'voice,position,beat,mean_offset_ms,spread_ms,strokes,takes,trend\r\nsnare,e,,20,4,32,2,new\r\n',
    );
    expect(file('README.txt')).toContain('weak-spots.csv');
    // Played at 90 % at 80 bpm: next time a step faster (within the warm-up's range), the speed
    // trainer aiming a step past the 80 bpm played well; the export says so.
    const start = Math.min(lessonTempoRange(warmUp.start_bpm).max, 80 + tempoStep(80));
    expect(file('read-models/tempo-plans.csv')).toBe(
      toCsv(
        ['lesson_id', 'lesson', 'start_bpm', 'target_bpm', 'why'],
        [
          [
            warmUp.lesson_id,
            warmUp.name,
            start,
            80 + tempoStep(80),
            `Last time 90 % at 80 bpm, today ${start} bpm`,
          ],
        ],
      ),
    );
    expect(file('README.txt')).toContain('tempo-plans.csv');
  });

  it('needs a login, and allows 5 downloads an hour per customer', async () => {
    expect((await download(undefined)).response.status).toBe(401);
    const drummer = await registerDrummer(server);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++)
      expect((await download(drummer.token)).response.status).toBe(200);
    const refused = await download(drummer.token);
    expect(refused.response.status).toBe(429);
    expect(JSON.parse(new TextDecoder().decode(refused.bytes))).toEqual({ message: EXPORT_LIMIT_MESSAGE });
    // Another customer is not held back.
    const other = await registerDrummer(server);
    expect((await download(other.token)).response.status).toBe(200);
  });
});
