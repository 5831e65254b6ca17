/**
 * How fast the scheduler is on the full catalogue: building the index once, then one schedule per
 * seed over a few thousand seeds and a spread of requests, compared with a baseline measured in the
 * same run: a linear scan of the catalogue for the same requests' candidates (what a scheduler
 * without an index would do before choosing anything).
 */
import * as domain from '@stickwork/domain';
import {
  generateSchedule,
  indexCatalogue,
  levelIndex,
  returnsDueOf,
  withTake,
  type GenerateScheduleInput,
  type LessonEvaluationSummary,
  type LessonTakeHistory,
  type Plan,
  type SkillPreference,
  type WeakSpot,
} from '@stickwork/domain';
import { timeEach, type BenchReport } from './bench.js';

type Exercise = Parameters<typeof indexCatalogue>[0][number];

const SEEDS = 5000;
const INDEX_BUILDS = 20;
/** The baseline is ~100× slower; fewer samples keep the run short on a shared machine. */
const BASELINE_SAMPLES = 1000;

/** The generated catalogue once it is exported; until then a fixture of the same size, reported as such. */
const loadCatalogue = async (): Promise<{ source: string; exercises: readonly Exercise[] }> => {
  const full = (domain as { catalogue?: readonly Exercise[] }).catalogue;
  if (full && full.length > 0) return { source: 'full', exercises: full };
  const { fixtureCatalogue } = await import('../../domain/src/scheduler/testing/fixture-catalogue.js');
  return { source: 'fixture (catalogue not exported yet)', exercises: fixtureCatalogue({ perLevel: 180 }) };
};

const premium: Plan = { tier: 'premium', status: 'active' };
const freemium: Plan = { tier: 'freemium', status: 'freemium' };

const REQUESTS: { skills: SkillPreference[]; practiceTime: number; padSufficient: boolean; plan: Plan }[] = [
  {
    skills: [{ focus: 'hand_technique', level: 'beginner' }],
    practiceTime: 45,
    padSufficient: false,
    plan: freemium,
  },
  {
    skills: [
      { focus: 'timing', level: 'advanced' },
      { focus: 'grooves', level: 'medium_advanced' },
      { focus: 'independence', level: 'advanced' },
      { focus: 'drum_fills', level: 'advanced_beginner' },
    ],
    practiceTime: 60,
    padSufficient: false,
    plan: premium,
  },
  {
    skills: [
      { focus: 'hand_speed', level: 'pro' },
      { focus: 'hand_technique', level: 'pro' },
      { focus: 'groove_feel_sound', level: 'advanced' },
    ],
    practiceTime: 120,
    padSufficient: true,
    plan: premium,
  },
  {
    skills: [{ focus: 'groove_feel_sound', level: 'starter' }],
    practiceTime: 180,
    padSufficient: false,
    plan: premium,
  },
];

export const run = async (): Promise<BenchReport> => {
  const { source, exercises } = await loadCatalogue();
  const offered = (focus: string, pad: boolean) =>
    exercises.some((exercise) => exercise.focus === focus && (!pad || exercise.pad_sufficient));
  const requests = REQUESTS.filter((request) =>
    request.skills.every((skill) => offered(skill.focus, request.padSufficient)),
  );
  if (requests.length === 0) throw new Error(`The catalogue (${source}) has none of the benchmark's skills`);

  const indexBuild = timeEach(INDEX_BUILDS, () => indexCatalogue(exercises), 2);
  const catalogue = indexCatalogue(exercises);
  const now = new Date('2025-03-10T18:00:00Z');
  // A customer with some history: every 7th lesson evaluated, alternating ratings, 1-20 days ago.
  const ratings = ['too_easy', 'easy', 'challenging', 'hard', 'too_hard'] as const;
  const evaluations = new Map<number, LessonEvaluationSummary>(
    exercises
      .filter((_, i) => i % 7 === 0)
      .map((exercise, i) => [
        exercise.lesson_id,
        {
          lastRating: ratings[i % ratings.length]!,
          lastEvaluatedAt: new Date(now.getTime() - ((i % 20) + 1) * 86_400_000).toISOString(),
          count: 1,
        },
      ]),
  );
  const inputFor = (seed: number): GenerateScheduleInput => {
    const request = requests[seed % requests.length]!;
    return { catalogue, ...request, lessonsUsedToday: 0, evaluations, now, seed };
  };
  // The plan that learns on the same customer: the evaluated lessons were played with the timing
  // coach (their latest plays, 50-98 %, so some returns are due and every tempo is planned), and a
  // weak spot asks for one lesson aimed at it.
  const takeHistory = new Map<number, LessonTakeHistory>(
    [...evaluations].map(([lessonId, evaluation], i) => {
      let history: LessonTakeHistory | undefined;
      for (let play = 0; play < 8; play++)
        history = withTake(history, {
          bpm: 60 + ((i + play) % 60),
          accuracy: 50 + ((i * 7 + play * 13) % 49),
          playId: `p${play}`,
          at: new Date(Date.parse(evaluation.lastEvaluatedAt) - (7 - play) * 86_400_000).toISOString(),
        });
      return [lessonId, history!];
    }),
  );
  const weakSpot: WeakSpot = {
    voice: 'bass_drum',
    position: '&',
    meanOffsetMs: 18,
    spreadMs: 9,
    strokes: 120,
    takes: 12,
    trend: 'steady',
  };
  // Kept by the practice state as takes and evaluations arrive, as the server's schedules get it.
  const returnsDue = returnsDueOf(takeHistory, evaluations);
  const learningInputFor = (seed: number): GenerateScheduleInput => ({
    ...inputFor(seed),
    takeHistory,
    returnsDue,
    weakSpot,
  });

  const schedule = timeEach(SEEDS, (seed) => generateSchedule(inputFor(seed)));
  const learning = timeEach(SEEDS, (seed) => generateSchedule(learningInputFor(seed)));
  const lessonsPerSchedule =
    Array.from({ length: 200 }, (_, seed) => generateSchedule(inputFor(seed)).lessons.length).reduce(
      (a, b) => a + b,
      0,
    ) / 200;

  const linearScan = timeEach(BASELINE_SAMPLES, (seed) => {
    const request = requests[seed % requests.length]!;
    return request.skills.map((skill) =>
      exercises.filter(
        (exercise) =>
          exercise.focus === skill.focus &&
          levelIndex(exercise.min_level) <= levelIndex(skill.level) &&
          levelIndex(skill.level) <= levelIndex(exercise.max_level) &&
          (!request.padSufficient || exercise.pad_sufficient),
      ),
    );
  });

  const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
  const results = {
    catalogue: { source, exercises: exercises.length },
    seeds: SEEDS,
    requests: requests.length,
    lessonsPerSchedule,
    indexBuild: { ...indexBuild, medianMillis: Math.round(indexBuild.medianMicros) / 1000 },
    schedule,
    learningPlan: { playedLessons: takeHistory.size, ...learning },
    baselineLinearScan: linearScan,
    scheduleToBaseline: {
      median: ratio(schedule.medianMicros, linearScan.medianMicros),
      p95: ratio(schedule.p95Micros, linearScan.p95Micros),
    },
  };
  return {
    results,
    summary: [
      `catalogue: ${source}, ${exercises.length} exercises`,
      `index build: median ${results.indexBuild.medianMillis} ms`,
      `schedule: median ${schedule.medianMicros} µs, p95 ${schedule.p95Micros} µs (${lessonsPerSchedule} lessons each)`,
      `with the plan that learns (${takeHistory.size} lessons played, 8 plays each, a weak spot): median ${learning.medianMicros} µs, p95 ${learning.p95Micros} µs`,
      `linear-scan baseline: median ${linearScan.medianMicros} µs, p95 ${linearScan.p95Micros} µs`,
      `schedule / baseline: median ${results.scheduleToBaseline.median}, p95 ${results.scheduleToBaseline.p95}`,
    ],
  };
};
