import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barRhythm, type Meter, type RhythmGroup } from './bar-rhythm.js';

const FOUR_FOUR_16THS: Meter = { beats: 4, beatUnit: 4, subdivision: 4 };

const written = (groups: RhythmGroup[]) =>
  groups.flatMap((group) =>
    group.slots.map((slot) => `${slot.duration}${slot.dots ? '.' : ''}${slot.rest ? 'r' : ''}`),
  );

describe('barRhythm', () => {
  it('lets each note last until the next stroke: "1 ... a" is a dotted eighth and a sixteenth', () => {
    const groups = barRhythm(new Set([0, 3, 4, 8, 12]), FOUR_FOUR_16THS);
    expect(written(groups)).toEqual(['8.', '16', 'q', 'q', 'q']);
  });

  it('starts a beat with a rest when its first stroke comes late', () => {
    const groups = barRhythm(new Set([2, 4, 8, 12]), FOUR_FOUR_16THS);
    expect(written(groups)).toEqual(['8r', '8', 'q', 'q', 'q']);
  });

  it('writes an empty bar as one whole rest, and an empty half bar as one half rest', () => {
    expect(written(barRhythm(new Set(), FOUR_FOUR_16THS))).toEqual(['wr']);
    expect(written(barRhythm(new Set([0, 4]), FOUR_FOUR_16THS))).toEqual(['q', 'q', 'hr']);
  });

  it('puts a full triplet beat under a 3:2 tuplet, and a lone downbeat as a plain quarter', () => {
    const groups = barRhythm(new Set([0, 1, 2, 3]), { beats: 4, beatUnit: 4, subdivision: 3 });
    expect(groups[0]).toMatchObject({ tuplet: { numNotes: 3, notesOccupied: 2 } });
    expect(written(groups.slice(0, 2))).toEqual(['8', '8', '8', 'q']);
    expect(groups[1]?.tuplet).toBeUndefined();
  });

  it('writes sextuplets that only use every other step as eighth-note triplets', () => {
    const [first, second] = barRhythm(new Set([0, 2, 4, 6, 7, 8, 9, 10, 11]), {
      beats: 4,
      beatUnit: 4,
      subdivision: 6,
    });
    expect(first?.tuplet).toEqual({ numNotes: 3, notesOccupied: 2 });
    expect(second?.tuplet).toEqual({ numNotes: 6, notesOccupied: 4 });
    expect(written([first!, second!])).toEqual(['8', '8', '8', '16', '16', '16', '16', '16', '16']);
  });

  it('writes a sextuplet beat of fewer than six notes in halves: a 16th-note triplet and a plain 8th', () => {
    const sextuplets: Meter = { beats: 4, beatUnit: 4, subdivision: 6 };
    // The single ratamacue's beat: three 16th-note triplets, then the accented 8th.
    const [ratamacue] = barRhythm(new Set([0, 1, 2, 3]), sextuplets);
    expect(ratamacue?.tuplet).toBeUndefined();
    expect(ratamacue?.tuplets).toEqual([{ first: 0, count: 3, numNotes: 3, notesOccupied: 2 }]);
    expect(written([ratamacue!])).toEqual(['16', '16', '16', '8']);
    // Both halves off the 8th: two triplets, the second starting with a rest.
    const [both] = barRhythm(new Set([0, 1, 2, 4, 5]), sextuplets);
    expect(both?.tuplets).toEqual([
      { first: 0, count: 3, numNotes: 3, notesOccupied: 2 },
      { first: 3, count: 3, numNotes: 3, notesOccupied: 2 },
    ]);
    expect(written([both!])).toEqual(['16', '16', '16', '16r', '16', '16']);
    // Six notes stay a sextuplet.
    const [six] = barRhythm(new Set([0, 1, 2, 3, 4, 5]), sextuplets);
    expect(six?.tuplet).toEqual({ numNotes: 6, notesOccupied: 4 });
  });

  it('writes quarter-note triplets on a triplet grid as two triplets of quarters over two beats each (670135)', () => {
    const groups = barRhythm(new Set([0, 2, 4, 6, 8, 10]), { beats: 4, beatUnit: 4, subdivision: 3 });
    expect(written(groups)).toEqual(['q', 'q', 'q', 'q', 'q', 'q']);
    expect(groups.flatMap((group) => group.tuplets ?? [])).toEqual([
      { first: 0, count: 3, numNotes: 3, notesOccupied: 2 },
      { first: 3, count: 3, numNotes: 3, notesOccupied: 2 },
    ]);
    // On a sextuplet grid the same pulse is every fourth step.
    const sextuplets = barRhythm(new Set([0, 4, 8, 12, 16, 20]), { beats: 4, beatUnit: 4, subdivision: 6 });
    expect(written(sextuplets)).toEqual(['q', 'q', 'q', 'q', 'q', 'q']);
  });

  it('splits a length no single note value has into the note and a rest (32nd grid, 5 steps)', () => {
    const groups = barRhythm(new Set([0, 5]), { beats: 3, beatUnit: 4, subdivision: 8 });
    expect(written(groups.slice(0, 1))).toEqual(['8', '32r', '16.']);
  });

  it('groups 12/8 in dotted quarters: bass drum on 1 and 7 are dotted quarters', () => {
    const groups = barRhythm(new Set([0, 12]), { beats: 12, beatUnit: 8, subdivision: 2 });
    expect(groups.map((group) => group.steps)).toEqual([6, 6, 6, 6]);
    expect(written(groups)).toEqual(['q.', 'q.r', 'q.', 'q.r']);
  });

  const meters: Meter[] = [
    { beats: 4, beatUnit: 4, subdivision: 2 },
    { beats: 4, beatUnit: 4, subdivision: 3 },
    FOUR_FOUR_16THS,
    { beats: 4, beatUnit: 4, subdivision: 6 },
    { beats: 4, beatUnit: 4, subdivision: 8 },
    { beats: 3, beatUnit: 4, subdivision: 8 },
    { beats: 6, beatUnit: 8, subdivision: 2 },
    { beats: 12, beatUnit: 8, subdivision: 2 },
  ];

  it('fills every bar exactly and writes a note on every stroke and nowhere else, for any strokes', () => {
    const arbitraryBar = fc.constantFrom(...meters).chain((meter) =>
      fc.tuple(
        fc.constant(meter),
        fc.uniqueArray(fc.integer({ min: 0, max: meter.beats * meter.subdivision - 1 }), {
          maxLength: meter.beats * meter.subdivision,
        }),
      ),
    );
    fc.assert(
      fc.property(arbitraryBar, ([meter, onsets]) => {
        const groups = barRhythm(new Set(onsets), meter);
        const slots = groups.flatMap((group) => group.slots);
        let position = 0;
        for (const slot of slots) {
          expect(slot.start).toBe(position);
          position += slot.steps;
        }
        expect(position).toBe(meter.beats * meter.subdivision);
        const noteStarts = slots.filter((slot) => !slot.rest).map((slot) => slot.start);
        expect(noteStarts).toEqual([...onsets].sort((a, b) => a - b));
      }),
      { numRuns: 400 },
    );
  });
});
