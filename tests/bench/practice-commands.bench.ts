/**
 * Does a practice command's cost depend on the customer's history? One real server (SQLite store,
 * real HTTP), one premium customer per history length whose `practice-` stream is seeded with
 * 10, 1,000 and 5,000 prior events (a drummer's realistic mix: sessions, usage, timing takes with
 * their figures per position, evaluations, activity, up to the day before the benchmark's day, so the
 * plan that learns has tempo plans, due returns and a weak spot to work with), then POST schedule,
 * usage, finishExercise and a take (POST /api/lesson/timing) timed one after another, and
 * GET /api/lesson/progress (a read model) as the control. The figure that matters is the ratio
 * p50 at 5,000 / p50 at 10 in the same run (≤ 1.5).
 */
import {
  beatPositionOf,
  getCatalogue,
  practiceEventSchemaVersions,
  practiceStreamId,
  type EventToAppend,
  type PracticeEvent,
  type TimingScored,
} from '@stickwork/domain';
import {
  registerDrummer,
  startPracticeServer,
  subscribe,
  type Drummer,
} from '../../app-api/src/practice/testing/practice-fixtures.js';
import { statsOf, type BenchReport, type TimingStats } from './bench.js';
import { scoredTake } from './scored-take.js';

const HISTORIES = [10, 1000, 5000] as const;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const WARM_UP = 5;

const NOW = '2026-03-10T12:00:00.000Z';
const DAY_MS = 86_400_000;
/** Events of one practice day: the session, 3 lessons each counted, played twice and rated, the activity. */
const EVENTS_PER_DAY = 14;

/** A take of `lesson` at its written tempo: 32 notes, the first note's drum and position 15 ms late. */
const takeOf = (
  lesson: ReturnType<typeof getCatalogue>[number],
  playId: string,
  accuracy: number,
  date: Date,
): TimingScored => {
  const [first] = lesson.notation.notes;
  const late = first && {
    voice: first.voice,
    position: beatPositionOf(first.step, lesson.notation.subdivision),
    strokes: 32,
    meanOffsetMs: 15,
    spreadMs: 6,
  };
  return scoredTake(lesson, {
    playId,
    accuracy,
    at: date.toISOString(),
    meanOffsetMs: 6,
    spreadMs: 9,
    byPosition: late ? [late] : [],
  });
};

/**
 * `count` events of a drummer who practises a session a day, the last day the one before the
 * benchmark's: 3 lessons counted, each played twice with the timing coach and rated, then the day's
 * activity.
 */
const seedHistory = (count: number): PracticeEvent[] => {
  const lessons = getCatalogue().filter(
    (exercise) => exercise.type === 'exercise' && exercise.focus === 'timing',
  );
  const events: PracticeEvent[] = [
    { type: 'SkillsSelfRated', data: { ratings: [{ skill: 'timing', level: 'beginner' }] } },
  ];
  const days = Math.ceil((count - 1) / EVENTS_PER_DAY);
  for (let day = 0; events.length < count; day++) {
    const date = new Date(Date.parse(NOW) - (days - day) * DAY_MS);
    const dayKey = date.toISOString().slice(0, 10);
    const picked = [0, 1, 2].map((i) => lessons[(day * 3 + i) % lessons.length]!);
    events.push({
      type: 'PracticeSessionScheduled',
      data: {
        lessonIds: picked.map((lesson) => lesson.lesson_id),
        targetPracticeTime: 30,
        skills: [{ focus: 'timing', level: 'beginner' }],
        padSufficient: false,
        seed: day,
        scheduledAt: date.toISOString(),
      },
    });
    for (const [i, lesson] of picked.entries()) {
      const playId = `play-${day}-${i}`;
      events.push({ type: 'UsageIncremented', data: { usageType: 'lesson', day: dayKey } });
      events.push(takeOf(lesson, playId, 60 + ((day * 3 + i) % 40), date));
      events.push(takeOf(lesson, playId, 70 + ((day * 5 + i) % 30), date));
      events.push({
        type: 'LessonEvaluated',
        data: {
          lessonId: lesson.lesson_id,
          playId,
          focus: lesson.focus,
          type: lesson.type,
          ratingDifficulty: 'challenging',
          skipped: false,
          level: 'beginner',
          progressAfter: 10,
          practisedMs: null,
          earned: true,
          masteryShown: false,
          evaluatedAt: date.toISOString(),
        },
      });
    }
    events.push({ type: 'PracticeActivityRecorded', data: { day: dayKey, lessons: 3, minutes: 30 } });
  }
  return events.slice(0, count);
};

type Request = () => Promise<{ status: number; text: string }>;

/** Microseconds of one request; a keep-alive connection closed meanwhile can reset once (asked again). */
const timed = async (request: Request): Promise<number> => {
  const start = process.hrtime.bigint();
  const response = await request().catch(() => request());
  const elapsed = Number(process.hrtime.bigint() - start) / 1000;
  if (response.status >= 300) throw new Error(`status ${response.status}: ${response.text.slice(0, 200)}`);
  return elapsed;
};

const COMMANDS = ['schedule', 'usage', 'finish', 'take', 'progress'] as const;

export const run = async (): Promise<BenchReport> => {
  // One customer per history writes 3 × 45 times in a burst: the practice-write limit would measure itself.
  const server = await startPracticeServer(NOW, {
    PRACTICE_WRITES_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
  });
  const lesson = getCatalogue().find(
    (exercise) => exercise.type === 'exercise' && exercise.focus === 'timing',
  )!;
  const rows: Record<string, Record<string, TimingStats>> = {};
  try {
    const headers = { 'time-zone': 'Europe/Berlin' };
    const drummers = new Map<number, Record<(typeof COMMANDS)[number], Request>>();
    for (const history of HISTORIES) {
      const drummer: Drummer = await registerDrummer(server);
      await subscribe(server, drummer.customerId, 'premium');
      const toAppend: EventToAppend[] = seedHistory(history).map((event) => ({
        type: event.type,
        data: event.data,
        metadata: {
          schemaVersion: practiceEventSchemaVersions[event.type],
          time: '2026-03-01T00:00:00.000Z',
        },
      }));
      const { position } = await server.backend.store.appendToStream(
        practiceStreamId(drummer.customerId),
        toAppend,
        { expectedRevision: 'no_stream' },
      );
      await server.backend.projections.waitFor(position);
      drummers.set(history, {
        schedule: () =>
          drummer.api.post(
            '/api/lesson/schedule',
            {
              skillPreference: [{ focus: 'timing', level: 'beginner' }],
              practiceTime: 30,
              padSufficient: false,
            },
            { headers },
          ),
        usage: () => drummer.api.post('/api/usage', { usageType: 'lesson' }, { headers }),
        finish: () =>
          drummer.api.post('/api/lesson/finishExercise', {
            lessonId: lesson.lesson_id,
            playId: 'benchmark-play',
            type: lesson.type,
            ratingDifficulty: 'challenging',
            skipLesson: false,
          }),
        take: () => {
          const { data } = takeOf(lesson, 'benchmark-play', 92, new Date(NOW));
          const { focus: _focus, scoredAt: _scoredAt, day: _day, ...request } = data;
          return drummer.api.post('/api/lesson/timing', request, { headers });
        },
        progress: () => drummer.api.get('/api/lesson/progress'),
      });
    }
    // Interleaved: every sample asks each history in turn, so the machine's own noise (other
    // processes) falls on all of them alike and the ratio stays fair.
    const micros = new Map<string, number[]>();
    for (let i = 0; i < WARM_UP + SAMPLES; i++)
      for (const history of HISTORIES)
        for (const command of COMMANDS) {
          const elapsed = await timed(drummers.get(history)![command]);
          if (i < WARM_UP) continue;
          const key = `${history}:${command}`;
          micros.set(key, [...(micros.get(key) ?? []), elapsed]);
        }
    for (const history of HISTORIES)
      rows[String(history)] = Object.fromEntries(
        COMMANDS.map((command) => [command, statsOf(micros.get(`${history}:${command}`) ?? [])]),
      );
  } finally {
    await server.close();
  }
  const ms = (stats: TimingStats | undefined) => (stats ? stats.medianMicros / 1000 : Number.NaN);
  const commands = COMMANDS;
  const ratios = Object.fromEntries(
    commands.map((name) => [
      name,
      Math.round((ms(rows['5000']?.[name]) / ms(rows['10']?.[name])) * 100) / 100,
    ]),
  );
  const summary = [
    `p50 ms by prior events: ${HISTORIES.join(' / ')} (ratio 5000/10, target ≤ 1.5 for commands)`,
    ...commands.map(
      (name) =>
        `${name.padEnd(9)} ${HISTORIES.map((history) => ms(rows[String(history)]?.[name]).toFixed(1)).join(' / ')}  ratio ${ratios[name]}`,
    ),
  ];
  return {
    summary,
    results: { samples: SAMPLES, histories: HISTORIES, p50Ratio5000To10: ratios, byHistory: rows },
  };
};
