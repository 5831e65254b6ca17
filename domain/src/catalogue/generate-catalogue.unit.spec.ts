import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS, levelIndex } from '../rules/levels.js';
import type { Level } from '../rules/levels.js';
import { SKILLS } from '../rules/skills.js';
import type { Skill } from '../rules/skills.js';
import type { Exercise, NoteEvent, Voice } from './exercise.js';
import { FAMILY_ID_RANGE } from './family.js';
import { CATALOGUE_FAMILIES, generateCatalogue } from './generate-catalogue.js';
import { cleanPattern } from './grid.js';
import { RUDIMENTS } from './rudiments.js';
import { validateCatalogue } from './validate-catalogue.js';

const exercises = generateCatalogue();
const PLAYABLE: Level[] = LEVELS.slice(1);
const covers = (exercise: Exercise, level: Level): boolean =>
  levelIndex(exercise.min_level) <= levelIndex(level) && levelIndex(level) <= levelIndex(exercise.max_level);
const voices = (exercise: Exercise): Set<Voice> => new Set(exercise.notation.notes.map((note) => note.voice));
const familyOf = (exercise: Exercise): number => Math.floor(exercise.lesson_id / FAMILY_ID_RANGE);
const TOMS: Voice[] = ['high_tom', 'mid_tom', 'floor_tom'];
const TIMEKEEPERS: Voice[] = ['hi_hat', 'hi_hat_open', 'ride', 'ride_bell', 'crash', 'china', 'cowbell'];
/** Skills a drummer can practise on a practice pad; grooves need bass drum and hi-hat, so a kit. */
const PAD_SKILLS: Skill[] = ['hand_technique', 'hand_speed', 'independence', 'timing', 'drum_fills'];
const onPad = (exercise: Exercise): boolean => exercise.pad_sufficient;
const onKit = (exercise: Exercise): boolean => !exercise.pad_sufficient;
const hands = (exercise: Exercise, hand: 'R' | 'L'): number[] =>
  exercise.notation.notes.filter((note) => note.sticking === hand).map((note) => note.step);

describe('generateCatalogue', () => {
  it('builds more than 9000 exercises that pass the validator', () => {
    expect(exercises.length).toBeGreaterThanOrEqual(9000);
    const result = validateCatalogue(exercises);
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('gives the same ids, names and content on every run', () => {
    const again = generateCatalogue();
    expect(again.map((e) => e.lesson_id)).toEqual(exercises.map((e) => e.lesson_id));
    expect(again).toEqual(exercises);
  });

  it('has unique, positive lesson ids ordered ascending, and unique names', () => {
    const ids = exercises.map((e) => e.lesson_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(exercises.map((e) => e.name)).size).toBe(exercises.length);
  });

  it('keeps a family’s ids when it is built alone, so families never shift each other', () => {
    for (const family of [CATALOGUE_FAMILIES[0]!, CATALOGUE_FAMILIES[CATALOGUE_FAMILIES.length - 1]!]) {
      const alone = generateCatalogue([family]).map((e) => e.lesson_id);
      const inFull = exercises.filter((e) => familyOf(e) === family.index).map((e) => e.lesson_id);
      expect(alone).toEqual(inFull);
      expect(alone.every((id) => familyOf({ lesson_id: id } as Exercise) === family.index)).toBe(true);
    }
    const indexes = CATALOGUE_FAMILIES.map((family) => family.index);
    expect(new Set(indexes).size).toBe(indexes.length);
  });

  it('pins published lesson ids of a few exercises', () => {
    const byName = new Map(exercises.map((e) => [e.name, e.lesson_id]));
    // Single Paradiddle is PAS #16 -> family 25; variation 0 at starter -> slot 0 * 8 + 1 + 1.
    expect(byName.get('Single Paradiddle — accents as written, right lead, 60 bpm')).toBe(250_002);
    expect(byName.get('Flam Tap — accents as written, right lead, 58 bpm')).toBe(310_003);
    // Rock groove is groove family 70; timekeeper 0, variation 0, starter, full tempo -> slot 3.
    expect(byName.get('Rock groove — bass drum on 1 and 3, hi-hat 8ths, 72 bpm')).toBe(700_003);
    // Drum Pad families: 65-67 independence, 104-107 fills, 116-119 timing. The "1" cell is 16th cell 7
    // (bit mask 8), so ostinato 0, cell 7, starter, full tempo -> slot (7 * 8 + 1) * 2 + 1.
    expect(byName.get('Pad hand ostinato: right hand quarters — left hand on 1 of every beat, 56 bpm')).toBe(
      650_115,
    );
    expect(
      byName.get('Pad polyrhythm 3:2 — 8th-note triplets against 8th notes, click on every beat, 60 bpm'),
    ).toBe(670_005);
    expect(
      byName.get(
        'Pad 2-beat fill — 8th notes, accents where the drums change, quarter-note pulse, accent on 1, 70 bpm',
      ),
    ).toBe(1_050_002);
    expect(byName.get('Pad gap click — 1 bar click, 1 bar silent, quarter notes, 60 bpm')).toBe(1_160_003);
  });

  it('covers every skill at every level it has with at least 20 exercises', () => {
    for (const skill of SKILLS) {
      const levels = skill === 'beginner_course' ? (['starter'] as Level[]) : PLAYABLE;
      for (const level of levels) {
        const count = exercises.filter((e) => e.focus === skill && covers(e, level)).length;
        expect(count, `${skill} at ${level}`).toBeGreaterThanOrEqual(20);
      }
    }
    const beginner = exercises.filter((e) => e.focus === 'beginner_course');
    expect(beginner.every((e) => e.min_level === 'starter' && e.max_level === 'starter')).toBe(true);
  });

  it('has at least 20 Drum Pad exercises at every level of every skill that can be practised on a pad', () => {
    for (const skill of PAD_SKILLS) {
      for (const level of PLAYABLE) {
        const padOnes = exercises.filter((e) => e.focus === skill && onPad(e) && covers(e, level));
        expect(padOnes.length, `${skill} on the pad at ${level}`).toBeGreaterThanOrEqual(20);
      }
    }
    // Every other skill but grooves has some pad material at every level it has.
    for (const skill of SKILLS.filter((s) => s !== 'grooves' && !PAD_SKILLS.includes(s))) {
      const levels = skill === 'beginner_course' ? (['starter'] as Level[]) : PLAYABLE;
      for (const level of levels) {
        expect(
          exercises.some((e) => e.focus === skill && onPad(e) && covers(e, level)),
          `${skill} on the pad at ${level}`,
        ).toBe(true);
      }
    }
  });

  it('has 2-5 minute warm-ups for the kit and for the pad at every level', () => {
    const warmUps = exercises.filter((e) => e.focus === 'warm_up');
    expect(warmUps.every((e) => e.type === 'warm_up' && e.practice_time >= 2 && e.practice_time <= 5)).toBe(
      true,
    );
    expect(exercises.filter((e) => e.type === 'warm_up')).toHaveLength(warmUps.length);
    for (const level of PLAYABLE) {
      expect(
        warmUps.some((e) => e.pad_sufficient && covers(e, level)),
        `pad warm-up at ${level}`,
      ).toBe(true);
      expect(
        warmUps.some((e) => !e.pad_sufficient && covers(e, level)),
        `kit warm-up at ${level}`,
      ).toBe(true);
    }
  });

  it('plays pad-sufficient exercises with the hands only, a hand sticking on every note', () => {
    const padOnes = exercises.filter(onPad);
    for (const exercise of padOnes) {
      expect(
        exercise.notation.notes.every(
          (note) =>
            (note.voice === 'snare' || note.voice === 'pad') &&
            (note.sticking === 'R' || note.sticking === 'L' || note.sticking === 'B'),
        ),
        exercise.name,
      ).toBe(true);
    }
  });

  it('writes hand work on snare or pad with a sticking on every note', () => {
    const handWork = exercises.filter((e) => e.focus === 'hand_technique' || e.focus === 'hand_speed');
    for (const exercise of handWork) {
      const hands = exercise.notation.notes.filter((note) => note.sticking !== 'F');
      expect(
        hands.every((note) => note.sticking === 'R' || note.sticking === 'L'),
        exercise.name,
      ).toBe(true);
      expect(
        hands.some((note) => note.voice === 'snare' || note.voice === 'pad'),
        exercise.name,
      ).toBe(true);
    }
  });

  it('gives every groove a bass drum, a snare or cross-stick and a timekeeper', () => {
    for (const exercise of exercises.filter((e) => e.focus === 'grooves')) {
      const used = voices(exercise);
      expect(used.has('bass_drum'), exercise.name).toBe(true);
      expect(used.has('snare') || used.has('rim_click'), exercise.name).toBe(true);
      expect(
        TIMEKEEPERS.some((voice) => used.has(voice)),
        exercise.name,
      ).toBe(true);
    }
  });

  it('plays every kit fill on the toms, after a groove, with a crash landing only when named', () => {
    for (const exercise of exercises.filter((e) => e.focus === 'drum_fills' && onKit(e))) {
      const used = voices(exercise);
      expect(
        TOMS.some((voice) => used.has(voice)),
        exercise.name,
      ).toBe(true);
      expect(used.has('hi_hat'), exercise.name).toBe(true);
      const crashOnOne = exercise.notation.notes.some((note) => note.step === 0 && note.voice === 'crash');
      expect(crashOnOne, exercise.name).toBe(exercise.name.includes('crash on 1'));
    }
  });

  it('plays every pad fill after a pulse of quarters or 8ths, accented where the toms would be, landing on 1', () => {
    const padFills = exercises.filter((e) => e.focus === 'drum_fills' && onPad(e));
    expect(padFills.length).toBeGreaterThan(500);
    for (const exercise of padFills) {
      const { subdivision, bars, notes } = exercise.notation;
      const barSteps = 4 * subdivision;
      const fillBeats = { '1-beat': 1, '2-beat': 2, '1-bar': 4, '2-bar': 8 }[exercise.name.split(' ')[1]!]!;
      const fillStart = bars * barSteps - fillBeats * subdivision;
      const pulse = notes.filter((note) => note.step < fillStart);
      const fill = notes.filter((note) => note.step >= fillStart);
      // At least a full bar of time: every 8th note (or every beat) and nothing between.
      const every = exercise.name.includes('quarter-note pulse') ? subdivision : subdivision / 2;
      expect(fillStart, exercise.name).toBeGreaterThanOrEqual(barSteps);
      expect(
        pulse.map((note) => note.step),
        exercise.name,
      ).toEqual(Array.from({ length: fillStart / every }, (_, i) => i * every));
      expect(pulse[0]?.accent, exercise.name).toBe(true);
      expect(pulse[0]?.sticking, exercise.name).toBe(exercise.name.includes('both hands on 1') ? 'B' : 'R');
      expect(
        fill.some((note) => note.accent),
        exercise.name,
      ).toBe(true);
      // From a bar on, every shape leaves taps between the accents.
      if (fillBeats >= 4)
        expect(
          fill.some((note) => !note.accent),
          exercise.name,
        ).toBe(true);
    }
  });

  it('sets an ostinato in one limb against another limb in independence work', () => {
    for (const exercise of exercises.filter((e) => e.focus === 'independence' && onKit(e))) {
      const limbs = new Set(exercise.notation.notes.map((note) => note.sticking));
      expect(limbs.has('F') && (limbs.has('R') || limbs.has('L')), exercise.name).toBe(true);
    }
    // The foot ostinato is identical in every exercise that names it.
    const quarterFeet = exercises.filter((e) => e.name.startsWith('Foot ostinato: bass drum quarters —'));
    expect(quarterFeet.length).toBeGreaterThan(10);
    for (const exercise of quarterFeet) {
      const feet = exercise.notation.notes
        .filter((note) => note.sticking === 'F')
        .map((note) => `${note.step}:${note.voice}`);
      expect(feet).toEqual(['0:bass_drum', '4:bass_drum', '8:bass_drum', '12:bass_drum']);
    }
  });

  it('sets one hand against the other in pad independence, the ostinato never changing', () => {
    const padIndependence = exercises.filter((e) => e.focus === 'independence' && onPad(e));
    expect(padIndependence.length).toBeGreaterThan(500);
    for (const exercise of padIndependence) {
      expect(hands(exercise, 'R').length > 0 && hands(exercise, 'L').length > 0, exercise.name).toBe(true);
    }
    const rightQuarters = padIndependence.filter((e) =>
      e.name.startsWith('Pad hand ostinato: right hand quarters —'),
    );
    expect(rightQuarters.length).toBeGreaterThan(10);
    for (const exercise of rightQuarters) {
      expect(hands(exercise, 'R'), exercise.name).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    }
    const accentWork = padIndependence.filter((e) => e.name.startsWith('Pad accent independence:'));
    expect(accentWork.length).toBeGreaterThan(50);
    for (const exercise of accentWork) {
      const accentHand = exercise.name.includes(': right hand accents') ? 'R' : 'L';
      const accents = exercise.notation.notes.filter((note) => note.accent);
      expect(accents.length, exercise.name).toBeGreaterThan(0);
      expect(
        accents.every((note) => note.sticking === accentHand),
        exercise.name,
      ).toBe(true);
    }
  });

  it('plays pad polyrhythms as two evenly spaced hands in the named ratio', () => {
    const polyrhythms = exercises.filter((e) => e.name.startsWith('Pad polyrhythm '));
    const ratios = new Set(polyrhythms.map((e) => e.name.split(' ')[2]));
    expect([...ratios].sort()).toEqual(['3:2', '4:3', '5:4']);
    for (const exercise of polyrhythms) {
      const [more, fewer] = exercise.name.split(' ')[2]!.split(':').map(Number);
      const { timeSignature, subdivision, bars } = exercise.notation;
      const total = timeSignature.beats * subdivision * bars;
      const counts = [hands(exercise, 'R').length, hands(exercise, 'L').length].sort((a, b) => b - a);
      expect(counts[0]! * fewer!, exercise.name).toBe(counts[1]! * more!);
      for (const hand of ['R', 'L'] as const) {
        const steps = hands(exercise, hand);
        const gaps = steps.map((step, i) => (steps[i + 1] ?? steps[0]! + total) - step);
        expect(new Set(gaps).size, `${exercise.name}, ${hand}`).toBe(1);
      }
    }
  });

  it('gives Drum Pad timing a click to play against: silent bars, switching grids, displacement', () => {
    const padTiming = exercises.filter((e) => e.focus === 'timing' && onPad(e));
    const gaps = padTiming.filter((e) => e.name.startsWith('Pad gap click'));
    expect(gaps.length).toBeGreaterThan(50);
    for (const exercise of gaps) {
      expect(exercise.notation.click?.mutedBars.length, exercise.name).toBeGreaterThan(0);
    }
    const grids = padTiming.filter((e) => e.name.startsWith('Pad subdivision grid'));
    expect(new Set(grids.map((e) => e.notation.subdivision))).toEqual(new Set([4, 6]));
    for (const exercise of grids) {
      const steps = exercise.notation.notes.map((note) => note.step);
      const spacings = new Set(steps.slice(1).map((step, i) => step - steps[i]!));
      expect(spacings.size, exercise.name).toBeGreaterThan(1);
      expect(exercise.notation.click, exercise.name).toBeDefined();
    }
    const displaced = padTiming.filter((e) => e.name.startsWith('Pad displacement'));
    expect(displaced.length).toBeGreaterThan(50);
    for (const exercise of displaced) {
      const key = (note: NoteEvent, shift: number) => `${(note.step + shift) % 16}${note.accent ? '>' : ''}`;
      const bar1 = exercise.notation.notes.filter((note) => note.step < 16);
      const bar2 = exercise.notation.notes
        .filter((note) => note.step >= 16)
        .map((note) => key(note, 0))
        .sort();
      // Bar 2 is bar 1 moved later, and sounds different from it.
      expect(bar2, exercise.name).not.toEqual(bar1.map((note) => key(note, 0)).sort());
      const shifts = [1, 2, 3, 4, 5, 6, 7].filter(
        (shift) => JSON.stringify(bar1.map((note) => key(note, shift)).sort()) === JSON.stringify(bar2),
      );
      expect(shifts.length, exercise.name).toBeGreaterThan(0);
    }
    const placements = new Set(padTiming.map((e) => e.notation.click?.placement ?? 'beat'));
    expect(placements).toEqual(new Set(['beat', 'backbeat', 'bar_downbeat', 'offbeat']));
  });

  it('gives gap-click exercises silent bars inside the notation', () => {
    const gaps = exercises.filter((e) => e.name.startsWith('Gap click'));
    expect(gaps.length).toBeGreaterThan(50);
    for (const exercise of gaps) {
      expect(exercise.notation.click?.mutedBars.length, exercise.name).toBeGreaterThan(0);
    }
  });

  it('uses all 40 PAS rudiments, each with as many sticking letters as notes', () => {
    expect(RUDIMENTS.map((r) => r.pas)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const rudiment of RUDIMENTS) {
      const notes = cleanPattern(rudiment.pattern).replace(/[-.]/g, '').length;
      expect(
        rudiment.sticking.length === notes ||
          rudiment.sticking.length * 2 === notes ||
          rudiment.sticking === 'RL',
        rudiment.name,
      ).toBe(true);
      expect(
        exercises.some((e) => e.name.startsWith(`${rudiment.name} — `) && e.focus === 'hand_technique'),
        rudiment.name,
      ).toBe(true);
    }
  });

  it('writes useful descriptions: none empty, many long enough to fold', () => {
    expect(exercises.every((e) => e.description_text.trim().length >= 150)).toBe(true);
    const long = exercises.filter((e) => e.description_text.length >= 400).length;
    expect(long / exercises.length).toBeGreaterThan(0.5);
    expect(long).toBeLessThan(exercises.length);
  });

  it('keeps tempos sensible: hand-speed goals from 70 to 230 bpm and beginners slow', () => {
    const speed = exercises.filter(
      (e) => e.focus === 'hand_speed' && e.name.startsWith('16th-note singles ladder'),
    );
    expect(Math.max(...speed.map((e) => e.start_bpm))).toBe(230);
    expect(speed.some((e) => e.start_bpm === 70 && e.min_level === 'beginner')).toBe(true);
    expect(exercises.filter((e) => e.focus === 'beginner_course').every((e) => e.start_bpm <= 100)).toBe(
      true,
    );
  });

  it('has a video only where the operator listed a real one, never one made up from the lesson id', () => {
    const family = CATALOGUE_FAMILIES[0]!;
    expect(generateCatalogue([family], {}).filter((e) => e.video_url)).toEqual([]);
    const [first, second] = generateCatalogue([family], {});
    const listed = generateCatalogue([family], { [String(second!.lesson_id)]: '76979871' });
    expect(listed.filter((e) => e.video_url).map((e) => [e.lesson_id, e.video_url])).toEqual([
      [second!.lesson_id, 'https://vimeo.com/76979871'],
    ]);
    expect(listed.find((e) => e.lesson_id === first!.lesson_id)?.video_url).toBeUndefined();
    const malformed = generateCatalogue([family], { [String(second!.lesson_id)]: 'vimeo.com/1' });
    expect(malformed.filter((e) => e.video_url)).toEqual([]);
  });

  it('places every note of any exercise on its grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: exercises.length - 1 }), (index) => {
        const { notation } = exercises[index]!;
        const steps = notation.timeSignature.beats * notation.subdivision * notation.bars;
        expect(notation.notes.length).toBeGreaterThan(0);
        for (const note of notation.notes) {
          expect(Number.isInteger(note.step)).toBe(true);
          expect(note.step).toBeGreaterThanOrEqual(0);
          expect(note.step).toBeLessThan(steps);
        }
      }),
      { numRuns: 500 },
    );
  });
});
