import { describe, expect, it } from 'vitest';
import { findExercise, getCatalogue } from './catalogue.js';
import type { Notation, NoteEvent } from './exercise.js';
import { handsApart, writtenSticking } from './written-sticking.js';

const bar = (notes: NoteEvent[], bars = 1): Notation => ({
  timeSignature: { beats: 4, beatUnit: 4 },
  subdivision: 4,
  bars,
  notes,
});
const at = (steps: number[], voice: NoteEvent['voice'], sticking: NoteEvent['sticking']): NoteEvent[] =>
  steps.map((step) => ({ step, voice, sticking }));
const shown = (notation: Notation) =>
  writtenSticking(notation).map(({ step, letters }) => `${step}:${letters.join('/')}`);

describe('writtenSticking', () => {
  it('writes every stroke of a hand line, and both hands at once as R over L', () => {
    const line = bar([
      { step: 0, voice: 'pad', sticking: 'B' },
      ...at([4, 12], 'pad', 'L'),
      ...at([8], 'pad', 'R'),
    ]);
    expect(shown(line)).toEqual(['0:R/L', '4:L', '8:R', '12:L']);
  });

  it('writes nothing under a groove whose drums each take one hand', () => {
    const groove = bar([
      ...at([0, 2, 4, 6, 8, 10, 12, 14], 'hi_hat', 'R'),
      ...at([4, 12], 'snare', 'L'),
      ...at([7], 'snare', 'L'),
      ...at([0, 8], 'bass_drum', 'F'),
    ]);
    expect(shown(groove)).toEqual([]);
  });

  it('writes the hi-hat played hand to hand, not the backbeat under it', () => {
    const sixteenths = bar([
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((step): NoteEvent => ({
        step,
        voice: 'hi_hat',
        sticking: step % 2 === 0 ? 'R' : 'L',
      })),
      ...at([4, 12], 'snare', 'L'),
      ...at([0, 8], 'bass_drum', 'F'),
    ]);
    expect(shown(sixteenths)).toHaveLength(16);
    expect(shown(sixteenths).slice(0, 5)).toEqual(['0:R', '1:L', '2:R', '3:L', '4:R']);
  });

  it("writes a fill's sticking, with its lone bass drum strokes, and leaves the groove bar before it bare", () => {
    const fill = bar(
      [
        ...at([0, 2, 4, 6, 8, 10, 12, 14], 'hi_hat', 'R'),
        ...at([4, 12], 'snare', 'L'),
        ...at([0, 8], 'bass_drum', 'F'),
        ...at([16, 18], 'snare', 'R'),
        ...at([17], 'snare', 'L'),
        ...at([19], 'bass_drum', 'F'),
        ...at([20], 'high_tom', 'R'),
        ...at([21], 'high_tom', 'L'),
      ],
      2,
    );
    expect(shown(fill)).toEqual(['16:R', '17:L', '18:R', '19:F', '20:R', '21:L']);
  });

  it('writes nothing under a snare figure one hand plays over the feet, but keeps a one-hand line and singles over the feet', () => {
    const figure = bar([
      ...at([0, 6], 'snare', 'L'),
      ...at([3, 8], 'bass_drum', 'F'),
      ...at([4], 'hi_hat_foot', 'F'),
    ]);
    expect(shown(figure)).toEqual([]);
    expect(shown(findExercise(1130315)!.notation)).toEqual([]);
    const oneHand = bar(at([0, 2, 4, 6], 'snare', 'R'));
    expect(shown(oneHand)).toEqual(['0:R', '2:R', '4:R', '6:R']);
    const singlesOverFeet = bar([
      ...at([0, 2], 'snare', 'R'),
      ...at([1, 3], 'snare', 'L'),
      ...at([4], 'bass_drum', 'F'),
    ]);
    expect(shown(singlesOverFeet)).toEqual(['0:R', '1:L', '2:R', '3:L', '4:F']);
  });

  it('writes nothing under a metal groove that keeps time on the crash or the china (800009, 800288)', () => {
    for (const lessonId of [800009, 800288]) expect(shown(findExercise(lessonId)!.notation)).toEqual([]);
  });

  it('writes no foot letters and no hands stacked under any groove of the catalogue', () => {
    const cluttered = getCatalogue()
      .filter((exercise) => exercise.focus === 'grooves')
      .filter((exercise) =>
        writtenSticking(exercise.notation).some(
          (entry) => entry.letters.includes('F') || entry.letters.length > 1,
        ),
      )
      .map((exercise) => exercise.lesson_id);
    expect(cluttered).toEqual([]);
  });

  it('writes no letters when the hands are written as two voices (the 5:4 polyrhythm)', () => {
    const polyrhythm = findExercise(670525)!.notation;
    expect(handsApart(polyrhythm)).toBe(true);
    expect(writtenSticking(polyrhythm)).toEqual([]);
    // A single stroke with both hands is a unison, not a second part.
    expect(handsApart(bar([{ step: 0, voice: 'pad', sticking: 'B' }, ...at([4], 'pad', 'L')]))).toBe(false);
  });

  it('writes a hand ostinato as two parts, even where the hands never strike together; singles stay one part', () => {
    // 650019: right hand quarters against the left on "&": the same strokes as alternating 8ths (20005).
    expect(handsApart(findExercise(650019)!.notation)).toBe(true);
    expect(writtenSticking(findExercise(650019)!.notation)).toEqual([]);
    expect(handsApart(findExercise(20005)!.notation)).toBe(false);
  });

  it('writes every sticking letter a lesson description explains ("F = bass drum foot")', () => {
    const unexplained = getCatalogue().flatMap((exercise) => {
      const written = new Set(writtenSticking(exercise.notation).flatMap((entry) => entry.letters));
      return [...exercise.description_text.matchAll(/\b([A-Z]) = /g)]
        .map(([, letter]) => letter as string)
        .filter((letter) => !written.has(letter as never))
        .map((letter) => `${exercise.lesson_id} ${letter}`);
    });
    expect(unexplained).toEqual([]);
  });
});
