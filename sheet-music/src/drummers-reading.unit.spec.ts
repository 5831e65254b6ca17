// @vitest-environment jsdom
import { findExercise, getCatalogue, type Notation } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import type { Articulation, StaveNote } from 'vexflow/bravura';
import { engraveBar, hiHatClosingSteps, stepsPerBar, type NoteheadParenthesis } from './engrave-bar.js';
import { hiHatClosingMarks, hiHatFootsTouching, restsOnOtherVoices } from './engraving-check.js';
import { engraveSystems, stepClass, type EngravedSystem } from './engrave-systems.js';
import { sheetKey } from './sheet-key.js';

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

const notationOf = (lessonId: number): Notation => {
  const exercise = findExercise(lessonId);
  if (!exercise) throw new Error(`lesson ${lessonId} is not in the catalogue`);
  return exercise.notation;
};

const fourFour = (
  subdivision: Notation['subdivision'],
  bars: number,
  notes: Notation['notes'],
): Notation => ({
  timeSignature: { beats: 4, beatUnit: 4 },
  subdivision,
  bars,
  notes,
});

const engrave = (notation: Notation, width = 720): EngravedSystem[] =>
  engraveSystems(notation, { width, repetitions: 2 }, document);

/** The sticking letters written under the staff, left to right, system by system. */
const letters = (systems: EngravedSystem[]) =>
  systems.flatMap((system) =>
    system.labels.filter((label) => label.bold).sort((a, b) => a.x - b.x || a.y - b.y),
  );

/** Bounding box of an SVG path from the coordinates in its `d`. */
function box(path: Element) {
  const numbers = (path.getAttribute('d') ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const xs = numbers.filter((_, index) => index % 2 === 0);
  const ys = numbers.filter((_, index) => index % 2 === 1);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

const noteGroups = (systems: EngravedSystem[], step: number) =>
  systems.flatMap((system) => [...parse(system.svg).querySelectorAll(`g.vf-stavenote.${stepClass(step)}`)]);

/** 'up' when the note's stem rises from its notehead, 'down' when it hangs below it. */
function stemOf(group: Element): 'up' | 'down' {
  const head = box(group.querySelector('.vf-notehead path')!);
  const stem = box(group.querySelector('.vf-stem path')!);
  return stem.top < head.top - 5 ? 'up' : 'down';
}

// Engraving real lessons takes a moment on a busy machine.
describe('notation as drummers read it', { timeout: 60_000 }, () => {
  it('writes the single ratamacue (470004) as a 16th-note triplet and an accented 8th, never a "6"', () => {
    const notation = notationOf(470004);
    for (let bar = 0; bar < notation.bars; bar++) {
      const engraved = engraveBar(notation, bar);
      // One triplet per beat, over the three 16ths that follow the drag.
      expect(engraved.tuplets.map(({ tuplet }) => tuplet.getNoteCount())).toEqual([3, 3, 3, 3]);
      for (const { tuplet } of engraved.tuplets) {
        expect(tuplet.getNotesOccupied()).toBe(2);
        expect(tuplet.getNotes().map((note) => note.getDuration())).toEqual(['16', '16', '16']);
      }
      // The accent is a plain 8th: no dot, no tuplet.
      const accents = engraved.strokes.filter((stroke) => stroke.events.some((event) => event.accent));
      expect(accents).toHaveLength(4);
      for (const { note } of accents) {
        expect(note.getDuration()).toBe('8');
        expect(note.getModifiersByType('Dot')).toHaveLength(0);
        expect(note.getTuplet()).toBeFalsy();
      }
    }
  });

  it('keeps a sextuplet for a beat of six notes', () => {
    const sextuplets = getCatalogue().find(
      (exercise) =>
        exercise.notation.subdivision === 6 &&
        new Set(exercise.notation.notes.filter((note) => note.step < 6).map((note) => note.step)).size === 6,
    );
    expect(sextuplets).toBeDefined();
    const [first] = engraveBar(sextuplets!.notation, 0).tuplets;
    expect(first?.tuplet.getNoteCount()).toBe(6);
    expect(first?.tuplet.getNotes()).toHaveLength(6);
  });

  it('writes the 5:4 polyrhythm (670525) in two voices: right hand stems up, left hand stems down', () => {
    const notation = notationOf(670525);
    const systems = engrave(notation);
    const hands = (step: number) =>
      new Set(notation.notes.filter((note) => note.step === step).map((note) => note.sticking));
    const steps = [...new Set(notation.notes.map((note) => note.step))];
    for (const step of steps) {
      const stems = noteGroups(systems, step).map(stemOf).sort();
      const expected = [...hands(step)].map((hand) => (hand === 'R' ? 'up' : 'down')).sort();
      expect(stems, `step ${step}`).toEqual(expected);
    }
    // The left hand's four even notes, at 0, 5, 10 and 15, each on a stem of its own.
    expect(steps.filter((step) => hands(step).has('L')).slice(0, 4)).toEqual([0, 5, 10, 15]);
    const voices = engraveBar(notation, 0).voices;
    expect(voices).toHaveLength(2);
    // The stems say the hand: no letters, and the key says what the stems mean.
    expect(letters(systems)).toEqual([]);
    expect(sheetKey(notation).markings).toContain('Stems up: right hand; stems down: left hand');
  });

  /** Each written note or rest of a voice of a bar: its value, and whether it is a rest. */
  const written = (notation: Notation, voice: number, bar = 0) =>
    (engraveBar(notation, bar).voices[voice]?.getTickables() ?? []).map((tickable) => {
      const note = tickable as StaveNote;
      return `${note.getDuration()}${'.'.repeat(note.getModifiersByType('Dot').length > 0 ? 1 : 0)}${note.isRest() ? 'r' : ''}`;
    });

  it("writes a polyrhythm's even hand across the beats: 4:3 as four dotted 8ths, 5:4 as four notes under 4:5", () => {
    // 670393: the right hand's four even strokes in 3/4 (every third 16th), one beam across the bar.
    const fourThree = engraveBar(notationOf(670393), 0);
    expect(written(notationOf(670393), 0)).toEqual(['8.', '8.', '8.', '8.']);
    expect(written(notationOf(670393), 1)).toEqual(['q', 'q', 'q']);
    expect(fourThree.beams.map((beam) => beam.getNotes().length)).toEqual([4]);
    expect(fourThree.tuplets).toEqual([]);
    // 670525: the left hand's four even strokes in 5/4 (every fifth 16th), never rest + note per beat.
    const fiveFour = engraveBar(notationOf(670525), 0);
    expect(written(notationOf(670525), 1)).toEqual(['q', 'q', 'q', 'q']);
    expect(fiveFour.tuplets.map(({ tuplet }) => [tuplet.getNoteCount(), tuplet.getNotesOccupied()])).toEqual([
      [4, 5],
    ]);
  });

  it('writes a hand ostinato as its own voice: 650005\'s "right hand quarters" are quarters', () => {
    const notation = notationOf(650005);
    expect(written(notation, 0)).toEqual(['q', 'q', 'q', 'q']);
    // The left hand on "a": a dotted 8th rest, then the 16th, in every beat.
    expect(written(notation, 1)).toEqual(Array.from({ length: 4 }, () => ['8.r', '16']).flat());
  });

  it('writes hand-hand-foot triplets (1013614) as three even 8ths across hands and feet', () => {
    const notation = notationOf(1013614);
    // Beats 3 and 4 of the fill bar: right, left, then the foot, in each triplet.
    expect(written(notation, 0, 1).slice(-6)).toEqual(['8', '8', '8r', '8', '8', '8r']);
    expect(written(notation, 1, 1).slice(-4)).toEqual(['qr', '8', 'qr', '8']);
    const triplets = engraveBar(notation, 1).tuplets.map(({ tuplet }) => tuplet.getNotes().length);
    expect(triplets).toEqual([3, 3, 2, 2]);
  });

  it("moves a rest off the other voice's heads: a right-hand rest above the staff, the feet's whole-bar rest below the floor tom", () => {
    // The right hand on 1 and 2&, the left hand on 1, 1& and 2: the right hand's rest on 1& meets a left-hand head.
    const hands = fourFour(2, 1, [
      { step: 0, voice: 'pad', sticking: 'R' },
      { step: 3, voice: 'pad', sticking: 'R' },
      ...[0, 1, 2].map((step) => ({ step, voice: 'pad' as const, sticking: 'L' as const })),
    ]);
    const restKeys = (notation: Notation, bar: number, voice: number) =>
      (engraveBar(notation, bar).voices[voice]?.getTickables() ?? [])
        .filter((tickable) => (tickable as StaveNote).isRest())
        .map((tickable) => (tickable as StaveNote).getKeys()[0]);
    // The pad's head is in the 3rd space: an 8th rest reaches a line and a half, so it goes to the top line
    // (f/5); the half rest of beats 3-4, where the left hand is silent, stays in its usual place (e/5).
    expect(restKeys(hands, 0, 0)).toEqual(['f/5', 'e/5']);
    expect(restsOnOtherVoices(hands, 0)).toBe(0);
    // A fill bar on the toms with the feet silent: their whole-bar rest goes under the floor tom (2nd
    // space), to the 1st space, not on the 2nd line (g/4) where it touched the floor tom's head.
    const fill = fourFour(2, 2, [
      { step: 0, voice: 'bass_drum' },
      { step: 8, voice: 'snare', sticking: 'R' },
      { step: 12, voice: 'floor_tom', sticking: 'R' },
    ]);
    expect(restKeys(fill, 1, 1)).toEqual(['f/4']);
    expect(restsOnOtherVoices(fill, 1, 'bar')).toBe(0);
  });

  it('writes sticking under a rudiment line, in the order played, its two identical bars written once', () => {
    const notation = notationOf(470004);
    const systems = engrave(notation);
    const written = letters(systems).map((label) => label.text);
    const firstBar = notation.notes.filter((note) => note.step < stepsPerBar(notation));
    expect(written).toEqual(firstBar.sort((a, b) => a.step - b.step).map((note) => note.sticking));
    // Two bars played twice: one bar played four times.
    expect(systems.flatMap((system) => system.labels.map((label) => label.text))).toContain('4×');
  });

  it('writes no sticking under a groove: the shuffle (720521) has no letters at all', () => {
    expect(letters(engrave(notationOf(720521)))).toEqual([]);
    expect(sheetKey(notationOf(720521)).markings.join(' ')).not.toContain('Sticking');
  });

  it('writes letters under the fill, not under the groove bar before it (1000010)', () => {
    const notation = notationOf(1000010);
    const systems = engrave(notation);
    const written = letters(systems);
    const [firstBar, fillBar] = systems[0]!.bars;
    expect(written.length).toBeGreaterThan(0);
    for (const label of written) expect(label.x).toBeGreaterThan(fillBar!.x);
    expect(firstBar!.bar).toBe(0);
    // Under the snare and tom run of beat 4, right then left.
    expect(written.map((label) => label.text)).toEqual(['R', 'L']);
  });

  it('never writes an invented letter: both hands together are R over L (1040010)', () => {
    const notation = notationOf(1040010);
    const written = letters(engrave(notation));
    expect(written.map((label) => label.text)).not.toContain('B');
    const [right, left] = written;
    expect([right?.text, left?.text]).toEqual(['R', 'L']);
    expect(right!.x).toBeCloseTo(left!.x, 6);
    expect(right!.y).toBeLessThan(left!.y);
    expect(sheetKey(notation).markings).toContain('R over L: both hands strike together');
    for (const exercise of getCatalogue().filter((_, index) => index % 157 === 0)) {
      const texts = letters(engrave(exercise.notation, 340)).map((label) => label.text);
      expect(
        texts.filter((text) => !['R', 'L', 'F'].includes(text)),
        `lesson ${exercise.lesson_id}`,
      ).toEqual([]);
    }
  });

  it('writes the crash a full staff space above the hi-hat, and the key says so (1000010)', () => {
    const notation = notationOf(1000010);
    const systems = engrave(notation);
    // The highest notehead written at a step: the cymbal.
    const headOf = (step: number) =>
      Math.min(
        ...noteGroups(systems, step).map((group) => {
          const head = box(group.querySelector('.vf-notehead path')!);
          return (head.top + head.bottom) / 2;
        }),
      );
    const crashStep = notation.notes.find((note) => note.voice === 'crash')!.step;
    const hiHatStep = notation.notes.find((note) => note.voice === 'hi_hat')!.step;
    const staffSpace = 10;
    expect(headOf(hiHatStep) - headOf(crashStep)).toBeGreaterThanOrEqual(staffSpace - 0.5);
    const key = sheetKey(notation).voices.join('\n');
    expect(key).toContain('Crash (x above a ledger line, a space higher than the hi-hat)');
    expect(key).toContain('Hi-hat (x above the top line)');
  });

  it('explains the open hi-hat once: its place with the hi-hat among the voices, its o among the marks (701029)', () => {
    expect(sheetKey(notationOf(701029))).toEqual({
      voices: ['Hi-hat (x above the top line)', 'Snare (3rd space)', 'Bass drum (1st space)'],
      markings: [
        'o above a hi-hat note: open hi-hat',
        '+ above a hi-hat note: closed again after an open hi-hat',
      ],
    });
  });

  it('closes the open hi-hat on 4& with a + on the next closed hi-hat, beat 1 as the groove comes round (701029)', () => {
    const notation = notationOf(701029);
    const marked = (voice: string, mark: string) =>
      engraveBar(notation, 0)
        .strokes.filter(
          (stroke) =>
            stroke.events.some((event) => event.voice === voice) &&
            stroke.note.getModifiersByType('Articulation').some((a) => (a as Articulation).type === mark),
        )
        .map((stroke) => stroke.step);
    const firstHiHat = Math.min(
      ...notation.notes.filter((note) => note.voice === 'hi_hat').map((note) => note.step),
    );
    expect(marked('hi_hat_open', 'ah')).toEqual([14]);
    expect(marked('hi_hat', 'a+')).toEqual([firstHiHat]);
    expect(hiHatClosingMarks(notation, [0])).toEqual({ unclosed: 0, stray: 0 });
  });

  it("closes an open hi-hat where the hats next close: a + on the hands' closed stroke, none after the foot has closed them", () => {
    // Two bars of 8ths: bar 1 opens on 2& and 4&, the foot closes 4& on bar 2's beat 1 before the hands on
    // 1&; bar 2 opens on 3, 3& and 4& (one + closes them) and ends open, which the loop closes on bar 1's beat 1.
    const hiHat = (step: number, open = false) => ({ step, voice: open ? 'hi_hat_open' : 'hi_hat' }) as const;
    const notation = fourFour(2, 2, [
      ...[0, 1, 2, 4, 5, 6].map((step) => hiHat(step)),
      hiHat(3, true),
      hiHat(7, true),
      { step: 8, voice: 'hi_hat_foot' },
      ...[9, 10, 11].map((step) => hiHat(step)),
      hiHat(12, true),
      hiHat(13, true),
      hiHat(14, true),
    ]);
    expect([...hiHatClosingSteps(notation)].sort((a, b) => a - b)).toEqual([0, 4]);
    const pluses = (bar: number) =>
      engraveBar(notation, bar)
        .strokes.filter((stroke) =>
          stroke.note.getModifiersByType('Articulation').some((a) => (a as Articulation).type === 'a+'),
        )
        .map((stroke) => bar * 8 + stroke.step);
    expect([...pluses(0), ...pluses(1)]).toEqual([0, 4]);
    expect(hiHatClosingMarks(notation, [0, 1])).toEqual({ unclosed: 0, stray: 0 });
  });

  it('keeps the + on a bar cut at a beat: the piece after the cut closes the open hi-hat before it', () => {
    // One bar of 32nds is too wide for a phone: it is cut at beat 3, which closes the hats opened just before.
    const notation = fourFour(
      8,
      1,
      Array.from(
        { length: 32 },
        (_, step) => ({ step, voice: step === 15 ? 'hi_hat_open' : 'hi_hat' }) as const,
      ),
    );
    const systems = engrave(notation, 304);
    expect(systems.length).toBeGreaterThan(1);
    // A mark above the note is drawn with its head: a second path, above the staff.
    const plusAt = (step: number) =>
      noteGroups(systems, step).some((group) =>
        [...group.querySelectorAll('.vf-notehead path')].some((path) => box(path).bottom < 60),
      );
    const lineOf = (step: number) =>
      systems.findIndex((system) => parse(system.svg).querySelector(`g.${stepClass(step)}`));
    expect(lineOf(16)).toBeGreaterThan(lineOf(15));
    expect(plusAt(16)).toBe(true);
    expect([0, 17, 31].map(plusAt)).toEqual([false, false, false]);
  });

  it('writes the hi-hat foot beside a feathered bass drum, its brackets clear of the x (740007)', () => {
    const notation = notationOf(740007);
    const chord = engraveBar(notation, 0).strokes.find((stroke) =>
      stroke.events.some((event) => event.voice === 'hi_hat_foot'),
    )!.note;
    const foot = chord.getKeys().indexOf('d/4/x2');
    // The x on the stem's other side, the bass drum's head where it was, its brackets raised off the x.
    expect(chord.noteHeads.map((head) => head.isDisplaced())).toEqual(
      chord.getKeys().map((_, index) => index === foot),
    );
    const lifts = chord
      .getModifiersByType('Parenthesis')
      .map((bracket) => (bracket as NoteheadParenthesis).lift);
    expect(lifts).toEqual([4, 4]);
    expect(hiHatFootsTouching(notation, 0)).toBe(0);
  });

  it('keeps a bar whole on a phone (tighter, then one smaller size for the sheet) and cuts it at a beat only as a last resort, marked with a dashed barline', () => {
    // The card's notation on a 375 px phone is 304 units wide.
    const phone = 304;
    // The fill of 1020876 is one bar of 16ths: on a phone it stays one bar, every line a little smaller.
    const fill = engrave(notationOf(1020876), phone);
    expect(fill.map((system) => system.bars.map((bar) => bar.bar))).toEqual([[0], [1]]);
    expect(new Set(fill.map((system) => system.scale)).size).toBe(1);
    expect(fill[0]!.scale).toBeGreaterThanOrEqual(0.8);
    expect(fill[0]!.scale).toBeLessThan(1);
    expect(fill.some((system) => system.svg.includes('vf-bar-cut'))).toBe(false);
    // Bars of accented sextuplets with flams cannot be read whole at a phone's width: cut at a beat.
    for (const lessonId of [140038, 350071]) {
      const notation = notationOf(lessonId);
      const onPhone = engrave(notation, phone);
      expect(onPhone.length, `lesson ${lessonId}`).toBeGreaterThan(1);
      for (const system of onPhone) expect(system.scale, `lesson ${lessonId}`).toBe(onPhone[0]!.scale);
      // The same letters, in the same order, as on the PDF's wide lines.
      const texts = (systems: EngravedSystem[]) => letters(systems).map((label) => label.text);
      expect(texts(onPhone), `lesson ${lessonId}`).toEqual(texts(engrave(notation, 720)));
      // The time signature once, at the start; a dashed barline where a bar is cut, no solid one.
      const svgs = onPhone.map((system) => parse(system.svg));
      expect(svgs.flatMap((svg) => [...svg.querySelectorAll('.vf-timesignature')])).toHaveLength(1);
      const drawn = (barline: Element | undefined) =>
        (barline?.querySelectorAll('rect, path').length ?? 0) > 0;
      onPhone.forEach((system, index) => {
        const next = onPhone[index + 1];
        if (next?.bars[0]?.bar !== system.bars.at(-1)?.bar) return;
        const lastBarline = [...svgs[index]!.querySelectorAll('.vf-stavebarline')].at(-1);
        const nextBarline = svgs[index + 1]!.querySelector('.vf-stavebarline') ?? undefined;
        expect(drawn(lastBarline), `lesson ${lessonId}, line ${index + 1}`).toBe(false);
        expect(drawn(nextBarline), `lesson ${lessonId}, line ${index + 2}`).toBe(false);
        const cut = svgs[index]!.querySelector('.vf-bar-cut path');
        expect(cut?.getAttribute('stroke-dasharray'), `lesson ${lessonId}, line ${index + 1}`).toBeTruthy();
        expect(box(cut!).right, `lesson ${lessonId}, line ${index + 1}`).toBeLessThanOrEqual(system.width);
      });
    }
  });

  it("draws a ghost note's brackets tight around its notehead, not past the flag", () => {
    const notation = fourFour(2, 1, [
      { step: 1, voice: 'snare', sticking: 'L', ghost: true },
      { step: 4, voice: 'snare', sticking: 'L' },
    ]);
    const [group] = noteGroups(engrave(notation, 400), 1);
    const [headPath, ...others] = [...group!.querySelectorAll('path')].filter(
      (path) => !path.closest('.vf-stem'),
    );
    const head = box(headPath!);
    const marks = others.map(box);
    // The brackets are the marks level with the notehead; the flag rises above it.
    const brackets = marks.filter((mark) => mark.top > head.top - 6 && mark.bottom < head.bottom + 6);
    expect(brackets).toHaveLength(2);
    const right = brackets.find((mark) => mark.left >= head.right - 1)!;
    expect(right.left - head.right).toBeLessThan(4);
  });

  it('centres a rest that fills the whole bar', () => {
    const notation = fourFour(4, 2, [
      ...[0, 4, 8, 12].map((step) => ({ step, voice: 'bass_drum' as const, sticking: 'F' as const })),
      ...[0, 2, 4, 6, 8, 10, 12, 14].map((step) => ({
        step,
        voice: 'hi_hat' as const,
        sticking: 'R' as const,
      })),
      ...[16, 17, 18, 19, 20, 24, 28].map((step) => ({
        step,
        voice: 'snare' as const,
        sticking: (step % 2 === 0 ? 'R' : 'L') as 'R' | 'L',
      })),
    ]);
    const [system] = engrave(notation, 720);
    const svg = parse(system!.svg);
    const fillBar = system!.bars[1]!;
    const rests = [...svg.querySelectorAll('g.vf-stavenote')].filter(
      (group) => ![...group.classList].some((name) => name.startsWith('step-')),
    );
    const inFill = rests
      .map((group) => box(group.querySelector('path')!))
      .filter((rest) => rest.left > fillBar.x);
    expect(inFill).toHaveLength(1);
    const centre = (inFill[0]!.left + inFill[0]!.right) / 2;
    expect(Math.abs(centre - (fillBar.x + fillBar.width / 2))).toBeLessThan(fillBar.width * 0.06);
  });
});
