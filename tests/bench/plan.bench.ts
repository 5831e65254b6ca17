/**
 * The plan that learns, tried on virtual drummers: each practises 60 days, one session a day, under
 * today's plan (self-ratings only: the catalogue's tempo, 3- and 14-day rests) and under the learning
 * plan (tempo plan and spaced returns from the takes), both through the real decider and scheduler on
 * the full catalogue. A sanity check of the rules, not a proof: the drummers follow a small model.
 *
 * The model: a drummer has an ability per exercise, the tempo at which they play it at about 90 %.
 * A take at tempo T scores 100 / (1 + e^(12 (T/A - 1.18))) ± 3 (90 % at A, 72 % at 1.1 A, 44 % at 1.2 A).
 * Practising near the edge (0.97-1.12 A) raises A by 2.5 %, an easier tempo by 0.8 %, a too fast one
 * not at all; between plays A forgets 1.5 % a day of what it gained. The drummer rates by the take
 * (90 %+ easy, 70 %+ challenging, 50 %+ hard, below too hard).
 */
import {
  evolvePracticeEvents,
  generateSchedule,
  getCatalogue,
  indexCatalogue,
  initialPracticeState,
  scheduleInputFor,
  suggestedRating,
  type DifficultyRating,
  type Exercise,
  type PracticeEvent,
  type PracticeState,
  type SkillPreference,
} from '@stickwork/domain';
import type { BenchReport } from './bench.js';
import { scoredTake } from './scored-take.js';

const DRUMMERS = 24;
const DAYS = 60;
const PRACTICE_MINUTES = 30;
const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-05T18:00:00.000Z');

/** Deterministic randomness (mulberry32), so both plans meet the same drummers. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const SKILLS: SkillPreference[] = [
  { focus: 'hand_technique', level: 'beginner' },
  { focus: 'timing', level: 'advanced_beginner' },
  { focus: 'grooves', level: 'beginner' },
  { focus: 'drum_fills', level: 'medium_advanced' },
];

interface Ability {
  initial: number;
  current: number;
  lastDay: number;
}

interface Outcome {
  takes: number;
  inBand: number;
  plays: number;
  tooSoon: number;
  tooLate: number;
  /** Per exercise played at least twice: the last start tempo over the written one. */
  tempoRatios: number[];
  /** Per exercise played: ability at the end over at the start. */
  abilityGains: number[];
}

const accuracyAt = (bpm: number, ability: number, noise: number): number =>
  Math.round(Math.min(100, Math.max(0, 100 / (1 + Math.exp(12 * (bpm / ability - 1.18))) + noise)) * 10) / 10;

const learn = (ability: Ability, bpm: number, day: number): void => {
  const gained = ability.current - ability.initial;
  ability.current = ability.initial + gained * 0.985 ** (day - ability.lastDay);
  const ratio = bpm / ability.current;
  ability.current *= ratio >= 0.97 && ratio <= 1.12 ? 1.025 : ratio < 0.97 ? 1.008 : 1;
  ability.lastDay = day;
};

const ratingOf = (accuracy: number): DifficultyRating =>
  accuracy < 50 ? 'too_hard' : suggestedRating(accuracy);

const simulate = (learning: boolean, catalogue: ReturnType<typeof indexCatalogue>): Outcome => {
  const outcome: Outcome = {
    takes: 0,
    inBand: 0,
    plays: 0,
    tooSoon: 0,
    tooLate: 0,
    tempoRatios: [],
    abilityGains: [],
  };
  for (let drummer = 0; drummer < DRUMMERS; drummer++) {
    const rng = random(drummer + 1);
    const skill = SKILLS[drummer % SKILLS.length]!;
    const abilities = new Map<number, Ability>();
    const abilityOf = (exercise: Exercise, day: number): Ability => {
      let ability = abilities.get(exercise.lesson_id);
      if (!ability) {
        const initial = exercise.start_bpm * (0.8 + 0.3 * random(drummer * 100_003 + exercise.lesson_id)());
        ability = { initial, current: initial, lastDay: day };
        abilities.set(exercise.lesson_id, ability);
      }
      return ability;
    };
    const plays = new Map<number, { day: number; accuracy: number; bpm: number; count: number }>();
    let state: PracticeState = initialPracticeState();
    state = evolvePracticeEvents(state, [
      { type: 'SkillsSelfRated', data: { ratings: [{ skill: skill.focus, level: skill.level }] } },
    ]);
    for (let day = 0; day < DAYS; day++) {
      const now = new Date(START + day * DAY_MS);
      const input = scheduleInputFor(state, {
        catalogue,
        skills: [skill],
        practiceTime: PRACTICE_MINUTES,
        padSufficient: false,
        plan: { tier: 'premium', status: 'active' },
        now,
        seed: drummer * 1000 + day,
      });
      // Today's plan: the same state without what the takes taught it.
      const schedule = generateSchedule(
        learning ? input : { ...input, takeHistory: new Map(), returnsDue: new Map() },
      );
      const events: PracticeEvent[] = [];
      for (const [index, lesson] of schedule.lessons.entries()) {
        if (lesson.type !== 'exercise') continue;
        const exercise = catalogue.byId.get(lesson.lesson_id)!;
        const ability = abilityOf(exercise, day);
        const before = plays.get(lesson.lesson_id);
        if (before) {
          if (before.accuracy >= 90 && day - before.day <= 1) outcome.tooSoon++;
          if (before.accuracy < 70 && day - before.day > 7) outcome.tooLate++;
        }
        const playId = `d${drummer}-${day}-${index}`;
        const at = new Date(now.getTime() + index * 600_000).toISOString();
        let best = 0;
        for (let take = 0; take < 2; take++) {
          const accuracy = accuracyAt(lesson.start_bpm, ability.current, (rng() - 0.5) * 6);
          best = Math.max(best, accuracy);
          outcome.takes++;
          if (accuracy >= 70 && accuracy < 90) outcome.inBand++;
          events.push(scoredTake(lesson, { playId, accuracy, at }));
          learn(ability, lesson.start_bpm, day);
        }
        outcome.plays++;
        events.push({
          type: 'LessonEvaluated',
          data: {
            lessonId: lesson.lesson_id,
            playId,
            focus: lesson.focus,
            type: 'exercise',
            ratingDifficulty: ratingOf(best),
            skipped: false,
            level: skill.level,
            practisedMs: null,
            earned: true,
            masteryShown: false,
            evaluatedAt: at,
          },
        });
        plays.set(lesson.lesson_id, {
          day,
          accuracy: best,
          bpm: lesson.start_bpm,
          count: (before?.count ?? 0) + 1,
        });
      }
      state = evolvePracticeEvents(state, events);
    }
    // Lessons left below 70 % that never came back within the week after.
    for (const play of plays.values()) if (play.accuracy < 70 && DAYS - 1 - play.day > 7) outcome.tooLate++;
    for (const [lessonId, play] of plays) {
      const exercise = catalogue.byId.get(lessonId)!;
      if (play.count >= 2) outcome.tempoRatios.push(play.bpm / exercise.start_bpm);
      const ability = abilities.get(lessonId)!;
      outcome.abilityGains.push(ability.current / ability.initial);
    }
  }
  return outcome;
};

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
const percent = (part: number, whole: number) => Math.round((1000 * part) / Math.max(1, whole)) / 10;

const figures = (outcome: Outcome) => ({
  plays: outcome.plays,
  takes: outcome.takes,
  exercisesPlayedTwiceOrMore: outcome.tempoRatios.length,
  tempoReachedOverWritten: Math.round(mean(outcome.tempoRatios) * 1000) / 1000,
  abilityGain: Math.round(mean(outcome.abilityGains) * 1000) / 1000,
  takesIn70to90Percent: percent(outcome.inBand, outcome.takes),
  tooSoonPer100Plays: percent(outcome.tooSoon, outcome.plays),
  tooLatePer100Plays: percent(outcome.tooLate, outcome.plays),
});

export const run = (): BenchReport => {
  const catalogue = indexCatalogue(getCatalogue());
  const today = figures(simulate(false, catalogue));
  const learning = figures(simulate(true, catalogue));
  const line = (name: string, f: ReturnType<typeof figures>) =>
    `${name}: tempo reached ${f.tempoReachedOverWritten}× written over ${f.exercisesPlayedTwiceOrMore} exercises played twice or more, ability ×${f.abilityGain}, ${f.takesIn70to90Percent} % of takes in 70-90 %, too soon ${f.tooSoonPer100Plays} / too late ${f.tooLatePer100Plays} per 100 plays`;
  return {
    summary: [
      `${DRUMMERS} virtual drummers, ${DAYS} days, ${PRACTICE_MINUTES} min a day (a sanity check of the rules, not a proof)`,
      line("today's plan", today),
      line('learning plan', learning),
    ],
    results: { drummers: DRUMMERS, days: DAYS, practiceMinutes: PRACTICE_MINUTES, today, learning },
  };
};
