import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { getCatalogue, type Exercise } from '@stickwork/domain';
import { startTestServer, type TestServer } from '@stickwork/app-api/testing';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'sheet.reader@example.com',
      password: 'Paradiddle-42',
      firstname: 'Sheila',
      lastname: 'Escovedo',
      country: 'US',
      dateTermsAndConditions: '2026-01-15T10:00:00.000Z',
      newsletterSubscription: false,
    }),
  });
  expect(response.status).toBe(201);
  token = ((await response.json()) as { token: string }).token;
});
afterAll(() => server.close());

const download = (query: string, withToken = true) =>
  fetch(`${server.url}/api/file/download${query}`, {
    headers: { accept: 'application/pdf', ...(withToken ? { 'x-auth-token': token } : {}) },
  });

/** The file name a browser takes: `filename*` (RFC 5987) when present. */
const fileNameOf = (disposition: string): { fallback: string; name: string } => {
  const fallback = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
  return { fallback, name: decodeURIComponent(extended) };
};

const parsePdf = async (bytes: Uint8Array) => {
  const parser = new PDFParse({ data: bytes });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
};

const flat = (text: string) => text.replace(/\s+/g, ' ');

const lessons: Exercise[] = (() => {
  const all = getCatalogue();
  const pick = (test: (exercise: Exercise) => boolean) => all.find(test)!;
  return [
    pick((exercise) => exercise.type === 'warm_up'),
    pick((exercise) => exercise.name.includes('/')),
    pick((exercise) => exercise.focus === 'hand_speed' && exercise.type === 'exercise'),
    all.reduce((longest, exercise) =>
      exercise.notation.bars * exercise.notation.notes.length >
      longest.notation.bars * longest.notation.notes.length
        ? exercise
        : longest,
    ),
  ];
})();

describe('GET /api/file/download', () => {
  it.each(lessons.map((lesson) => [lesson.lesson_id, lesson] as const))(
    'sends lesson %i as a PDF attachment named after the lesson, with its name in the text',
    async (_id, lesson) => {
      const response = await download(`?lessonId=${lesson.lesson_id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const disposition = response.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; /);
      const { fallback, name } = fileNameOf(disposition);
      expect(name).toBe(`${lesson.name.replace(/[\\/:*?"<>|]+/g, '-')}.pdf`);
      expect(fallback).toMatch(/^[\x20-\x7e]+\.pdf$/);
      expect(fallback).not.toMatch(/["\\/]/);

      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const text = await parsePdf(bytes);
      expect(text.total).toBeGreaterThanOrEqual(1);
      expect(text.pages).toHaveLength(text.total);
      expect(flat(text.text)).toContain(flat(lesson.name));
      expect(flat(text.text)).toContain(`${lesson.start_bpm} bpm`);
    },
  );

  it('serves a lesson rendered before from the cache, byte for byte', async () => {
    const query = `?lessonId=${lessons[1]!.lesson_id}`;
    const first = Buffer.from(await (await download(query)).arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new render would carry a new creation date
    const again = Buffer.from(await (await download(query)).arrayBuffer());
    expect(again.equals(first)).toBe(true);
  });

  it('answers 404 { message } for an unknown lesson, 400 for a bad id, 401 without a token', async () => {
    const unknown = await download('?lessonId=987654321');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'There is no lesson with id 987654321.' });
    for (const query of [
      '',
      '?lessonId=',
      '?lessonId=abc',
      '?lessonId=-3',
      '?lessonId=1&lessonId=2',
      '?lessonId=1e3',
    ])
      expect((await download(query)).status, query).toBe(400);
    expect((await download(`?lessonId=${lessons[0]!.lesson_id}`, false)).status).toBe(401);
  });
});
