import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue, LEVELS, SKILLS } from '@stickwork/domain';
import {
  registerDrummer,
  startPracticeServer,
  subscribe,
  type Drummer,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';

let server: PracticeTestServer;
let freemium: Drummer;
let premium: Drummer;
beforeAll(async () => {
  server = await startPracticeServer();
  freemium = await registerDrummer(server);
  premium = await registerDrummer(server);
  await subscribe(server, premium.customerId, 'premium');
});
afterAll(() => server.close());

const ROUTES: { method: string; path: string }[] = [
  { method: 'POST', path: '/api/lesson/schedule' },
  { method: 'GET', path: '/api/focus' },
  { method: 'POST', path: '/api/focus' },
  { method: 'PATCH', path: '/api/focus' },
  { method: 'POST', path: '/api/focus/level-up' },
  { method: 'POST', path: '/api/lesson/finishExercise' },
  { method: 'GET', path: '/api/usage' },
  { method: 'POST', path: '/api/usage' },
  { method: 'GET', path: '/api/practiceActivity' },
  { method: 'POST', path: '/api/practiceActivity' },
  { method: 'GET', path: '/api/progress' },
  { method: 'GET', path: '/api/lesson/progress' },
  { method: 'GET', path: '/api/file/download' },
];

const someLessonIds = getCatalogue()
  .filter((_, index) => index % 503 === 0)
  .map((lesson) => lesson.lesson_id);

/** Printable header text (what fetch can send), plus the shapes that tempt a parser. */
const headerText = fc.oneof(
  fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,70}$/),
  fc.constantFrom(
    'UTC',
    'Europe/Berlin',
    'Pacific/Kiritimati',
    'Etc/GMT+12',
    '+01:00',
    'Europe/../../etc/passwd',
    'America/Argentina/Buenos_Aires',
    'x'.repeat(300),
    'Local',
    'null',
    '__proto__',
  ),
);

/** Values near the valid ones, and anything at all. */
const fieldValue = fc.oneof(
  fc.constantFrom(
    ...SKILLS,
    ...LEVELS,
    'lesson',
    'exercise',
    'warm_up',
    'too_easy',
    'hard',
    true,
    false,
    null,
  ),
  fc.integer({ min: -10, max: 400 }),
  fc.constantFrom(...someLessonIds, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, 1e308),
  fc.string({ maxLength: 20 }),
  fc.anything({ maxDepth: 2 }),
);
const skillEntry = fc.record(
  { focus: fieldValue, skillName: fieldValue, selected: fieldValue, level: fieldValue },
  { requiredKeys: [] },
);
const bodyArb = fc.oneof(
  fc.record(
    {
      skillPreference: fc.oneof(fc.array(skillEntry, { maxLength: 9 }), fieldValue),
      skillSelfRating: fc.oneof(fc.array(skillEntry, { maxLength: 9 }), fieldValue),
      practiceTime: fieldValue,
      padSufficient: fieldValue,
      skillName: fieldValue,
      selected: fieldValue,
      level: fieldValue,
      lessonId: fieldValue,
      type: fieldValue,
      ratingDifficulty: fieldValue,
      skipLesson: fieldValue,
      usageType: fieldValue,
      countLessonsPracticed: fieldValue,
      practiceDurationMinutes: fieldValue,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(undefined),
);
/** Sent as is: broken JSON, wrong content types. */
const rawBodyArb = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom('{"skillPreference":', '[]', 'null', '{"__proto__":{"admin":true}}', '\u0000'),
);
const queryArb = fc.oneof(
  fc.constant(''),
  fc.constantFrom(...someLessonIds).map((id) => `?lessonId=${id}`),
  fc
    .array(
      fc.tuple(fc.constantFrom('lessonId', 'lessonId[]', 'x', '__proto__'), fc.string({ maxLength: 12 })),
      { maxLength: 3 },
    )
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`),
);

/** A valid body per route, so the fuzz also reaches past validation. */
const validBody = (path: string): fc.Arbitrary<Record<string, unknown>> => {
  const skill = fc.constantFrom(...SKILLS.filter((name) => name !== 'beginner_course'));
  const level = fc.constantFrom(...LEVELS.slice(1));
  switch (path) {
    case '/api/lesson/schedule':
      return fc.record({
        skillPreference: fc.uniqueArray(fc.record({ focus: skill, level }), {
          selector: (entry) => entry.focus,
          minLength: 1,
          maxLength: 4,
        }),
        practiceTime: fc.integer({ min: 10, max: 360 }),
        padSufficient: fc.boolean(),
      });
    case '/api/focus':
      return fc.oneof(
        fc.record({
          skillSelfRating: fc.uniqueArray(fc.record({ skillName: skill, selected: fc.boolean(), level }), {
            selector: (entry) => entry.skillName,
            minLength: 1,
            maxLength: 7,
          }),
        }),
        fc.record({ skillName: skill, selected: fc.boolean(), level }),
      );
    case '/api/focus/level-up':
      return fc.record({ skillName: fc.constantFrom(...SKILLS) });
    case '/api/lesson/finishExercise':
      return fc.constantFrom(...getCatalogue().filter((_, index) => index % 251 === 0)).chain((lesson) =>
        fc.record({
          lessonId: fc.constant(lesson.lesson_id),
          type: fc.constant(lesson.type),
          ratingDifficulty: fc.constantFrom('too_easy', 'easy', 'challenging', 'hard', 'too_hard'),
          skipLesson: fc.boolean(),
        }),
      );
    case '/api/usage':
      return fc.constant({ usageType: 'lesson' });
    case '/api/practiceActivity':
      return fc.record({
        countLessonsPracticed: fc.integer({ min: 0, max: 100 }),
        practiceDurationMinutes: fc.integer({ min: 1, max: 1440 }),
      });
    default:
      return fc.constant({});
  }
};
/** A valid body, sometimes with one field replaced by anything. */
const nearValidBody = (path: string) =>
  fc.oneof(
    { weight: 3, arbitrary: validBody(path) },
    {
      weight: 1,
      arbitrary: fc.tuple(validBody(path), fc.nat(), fieldValue).map(([body, pick, value]) => {
        const keys = Object.keys(body);
        return keys.length === 0 ? body : { ...body, [keys[pick % keys.length]!]: value };
      }),
    },
  );

const requestArb = fc.record({
  route: fc.constantFrom(...ROUTES),
  nearValid: fc
    .constantFrom(...ROUTES)
    .chain((route) => nearValidBody(route.path).map((body) => ({ route, body }))),
  useNearValid: fc.constantFrom(true, true, false),
  who: fc.constantFrom('freemium', 'premium', 'premium', 'freemium', 'nobody', 'garbage'),
  timeZone: fc.option(headerText),
  query: queryArb,
  body: fc.oneof(
    { weight: 4, arbitrary: bodyArb.map((body) => ({ json: body })) },
    { weight: 1, arbitrary: rawBodyArb.map((raw) => ({ raw })) },
  ),
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
  ),
});

describe('every route of the schedule service, fuzzed', () => {
  // 600 requests: 6 s on an idle machine, past the default 30 s under a CI run with a benchmark beside it.
  it('never answers a 5xx, and the server stays healthy', async () => {
    await fc.assert(
      fc.asyncProperty(
        requestArb,
        async ({
          route: randomRoute,
          nearValid,
          useNearValid,
          who,
          timeZone,
          query,
          body: randomBody,
          contentType: randomContentType,
        }) => {
          const { method, path } = useNearValid ? nearValid.route : randomRoute;
          const body = useNearValid ? { json: nearValid.body as unknown } : randomBody;
          const contentType = useNearValid ? 'application/json' : randomContentType;
          const token =
            who === 'freemium'
              ? freemium.token
              : who === 'premium'
                ? premium.token
                : who === 'garbage'
                  ? 'a.b.c'
                  : undefined;
          const payload =
            method === 'GET'
              ? undefined
              : 'raw' in body
                ? body.raw
                : body.json === undefined
                  ? undefined
                  : JSON.stringify(body.json);
          const response = await fetch(`${server.url}${path}${query}`, {
            method,
            headers: {
              ...(token ? { 'x-auth-token': token } : {}),
              ...(timeZone === null ? {} : { 'time-zone': timeZone }),
              ...(contentType && payload !== undefined ? { 'content-type': contentType } : {}),
            },
            ...(payload === undefined ? {} : { body: payload }),
          });
          const text = await response.text();
          expect(response.status, `${method} ${path}${query} → ${text.slice(0, 200)}`).toBeLessThan(500);
          if (response.status >= 400) expect(JSON.parse(text)).toHaveProperty('message');
        },
      ),
      { numRuns: 600 },
    );
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect((await freemium.api.get('/api/progress')).status).toBe(200);
  }, 90_000);
});
