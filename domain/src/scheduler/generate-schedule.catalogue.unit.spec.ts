import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exercise } from '../catalogue/exercise.js';
import * as domain from '../index.js';
import { levelAt } from '../rules/levels.js';
import { KIT_ONLY_SKILLS } from '../rules/skills.js';
import type { Plan } from '../rules/usage.js';
import { indexCatalogue } from './catalogue-index.js';
import { generateSchedule, type GenerateScheduleInput, type SkillPreference } from './generate-schedule.js';
import { expectScheduleInvariants } from './testing/schedule-invariants.js';
import { BEAT_POSITIONS, beatPositionOf } from '../timing/beat-positions.js';
import type { WeakSpot } from '../timing/weak-spots.js';
import { VOICES } from '../catalogue/exercise.js';

/** The generated catalogue (`catalogue` of @stickwork/domain); this suite runs once it is exported. */
const full = (domain as { catalogue?: readonly Exercise[] }).catalogue;

const weakSpotArb: fc.Arbitrary<WeakSpot> = fc.record({
  voice: fc.constantFrom(...VOICES),
  position: fc.constantFrom(...BEAT_POSITIONS),
  meanOffsetMs: fc.integer({ min: -60, max: 60 }),
  spreadMs: fc.integer({ min: 0, max: 60 }),
  strokes: fc.integer({ min: 30, max: 500 }),
  takes: fc.integer({ min: 1, max: 40 }),
  trend: fc.constantFrom('better', 'worse', 'steady', 'new'),
});

describe.runIf(full !== undefined && full.length > 0)('generateSchedule on the full catalogue', () => {
  const exercises = full ?? [];
  const catalogue = indexCatalogue(exercises);
  const focuses = [...new Set(exercises.map((exercise) => exercise.focus))].filter(
    (focus): focus is SkillPreference['focus'] => focus !== 'warm_up',
  );
  const plans: Plan[] = [
    { tier: 'freemium', status: 'freemium' },
    { tier: 'basic', status: 'active' },
    { tier: 'premium', status: 'active' },
    { tier: 'exclusive', status: 'trialing' },
  ];
  /** Grooves need bass drum and hi-hat: the one skill without Drum Pad lessons, by design. */
  const KIT_ONLY: readonly SkillPreference['focus'][] = KIT_ONLY_SKILLS;
  const padFocuses = focuses.filter((focus) => !KIT_ONLY.includes(focus));
  const requestArb: fc.Arbitrary<GenerateScheduleInput> = fc
    .constantFrom(...plans)
    .chain((plan) => {
      const limited = plan.tier === 'freemium' || plan.tier === 'basic';
      return fc.record({
        plan: fc.constant(plan),
        padSufficient: limited ? fc.constant(false) : fc.boolean(),
      });
    })
    .chain(({ plan, padSufficient }) => {
      const limited = plan.tier === 'freemium' || plan.tier === 'basic';
      const choosable = padSufficient ? padFocuses : focuses;
      return fc.record({
        catalogue: fc.constant(catalogue),
        plan: fc.constant(plan),
        skills: fc.uniqueArray(
          fc.record({
            focus: fc.constantFrom(...choosable),
            level: fc.integer({ min: 1, max: 7 }).map(levelAt),
          }),
          { minLength: 1, maxLength: limited ? 2 : choosable.length, selector: (skill) => skill.focus },
        ),
        practiceTime: fc.integer({ min: 10, max: 360 }),
        padSufficient: fc.constant(padSufficient),
        lessonsUsedToday: fc.integer({ min: 0, max: 2 }),
        evaluations: fc.constant(new Map()),
        now: fc.constant(new Date('2025-03-10T18:00:00Z')),
        seed: fc.integer(),
        weakSpot: fc.option(weakSpotArb, { nil: undefined }),
      });
    })
    .map(({ weakSpot, ...request }) => (weakSpot ? { ...request, weakSpot } : request));

  it('puts one lesson that works the worst weak spot first after the warm-ups, labelled with why', () => {
    const spot: WeakSpot = {
      voice: 'bass_drum',
      position: '&',
      meanOffsetMs: 18,
      spreadMs: 9,
      strokes: 64,
      takes: 5,
      trend: 'steady',
    };
    const request = {
      catalogue,
      plan: plans[0]!,
      skills: [{ focus: 'grooves', level: 'beginner' }] as SkillPreference[],
      practiceTime: 30,
      padSufficient: false,
      lessonsUsedToday: 0,
      evaluations: new Map(),
      now: new Date('2025-03-10T18:00:00Z'),
      seed: 7,
    };
    const schedule = generateSchedule({ ...request, weakSpot: spot });
    expectScheduleInvariants({ ...request, weakSpot: spot }, schedule);
    const [aimed, ...rest] = schedule.lessons.filter((lesson) => lesson.type !== 'warm_up');
    expect(aimed?.weak_spot).toEqual({
      voice: 'bass_drum',
      position: '&',
      reason: "For your weak spot: your bass drum on the '&' drags 18 ms",
    });
    const notation = catalogue.byId.get(aimed!.lesson_id)!.notation;
    expect(
      notation.notes.some(
        (note) => note.voice === 'bass_drum' && beatPositionOf(note.step, notation.subdivision) === '&',
      ),
    ).toBe(true);
    expect(rest.filter((lesson) => lesson.weak_spot)).toEqual([]);
    // A spot no lesson of the chosen skills plays adds nothing.
    const unplayed = generateSchedule({ ...request, weakSpot: { ...spot, voice: 'china', position: 'let' } });
    expect(unplayed).toEqual(generateSchedule(request));
  });

  it('has Drum Pad lessons for every skill but grooves', () => {
    const withoutPadLessons = focuses.filter(
      (focus) => !exercises.some((e) => e.focus === focus && e.pad_sufficient),
    );
    expect(withoutPadLessons).toEqual(KIT_ONLY);
  });

  it('keeps every schedule promise', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        expectScheduleInvariants(request, generateSchedule(request));
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic for a given seed', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        expect(generateSchedule(request)).toEqual(generateSchedule({ ...request }));
      }),
      { numRuns: 50 },
    );
  });
});
