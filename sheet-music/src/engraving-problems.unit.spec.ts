import { findExercise, type Exercise } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import { Dot, StaveNote, Voice } from 'vexflow/bravura';
import { engraveBar, type EngravedBar } from './engrave-bar.js';
import {
  engravingProblems,
  namedValuesNotWritten,
  strokesOffTheirTime,
  unevenPulses,
} from './engraving-check.js';

const lesson = (lessonId: number): Exercise => {
  const exercise = findExercise(lessonId);
  if (!exercise) throw new Error(`no lesson ${lessonId}`);
  return exercise;
};

/** A voice of written values ("8." a dotted 8th, "8r" an 8th rest) in 3/4 (or `beats` quarters), as VexFlow holds it. */
const voiceOf = (values: string[], beats = 3): { voice: Voice; notes: StaveNote[] } => {
  const notes = values.map((value) => {
    const dotted = value.includes('.');
    const duration = value.replace('.', '');
    const note = new StaveNote({ keys: ['c/5'], duration: dotted ? `${duration}d` : duration });
    if (dotted) Dot.buildAndAttach([note], { all: true });
    return note;
  });
  const voice = new Voice({ num_beats: beats, beat_value: 4 }).addTickables(notes);
  return { voice, notes };
};

/** A bar of one voice whose strokes (its notes, not its rests) are at `steps` of a 16th grid. */
const barOf = (values: string[], steps: number[], beats = 3): EngravedBar => {
  const { voice, notes } = voiceOf(values, beats);
  const struck = notes.filter((note) => !note.isRest());
  return {
    voices: [voice],
    beams: [],
    tuplets: [],
    barRests: [],
    strokes: struck.map((note, index) => ({ note, step: steps[index] ?? -1, events: [], limb: 'hands' })),
  };
};

describe('the engraving checks of catalogue validate', () => {
  const fourThree = lesson(670393).notation;

  it("finds strokes written off the moment they are played, and none in the catalogue's hand-hand-foot triplets", () => {
    expect(strokesOffTheirTime(lesson(1013614).notation, engraveBar(lesson(1013614).notation, 1))).toEqual(
      [],
    );
    // Two 8ths before it put the third stroke on step 4 of 3/4's 16th grid, where it is played on step 3
    // (as 1013614's foot once landed at 0.55 of the beat instead of 0.67).
    const written = barOf(['8', '8', '8', '8r', 'q'], [0, 2, 3, 8]);
    expect(strokesOffTheirTime(fourThree, written)).toEqual([3]);
  });

  it("finds a polyrhythm's even pulse cut beat by beat (4:3 as 8th. + 16th | 8th rest + 8th | 16th rest + 8th.), not written as four dotted 8ths", () => {
    expect(unevenPulses(fourThree, barOf(['8.', '8.', '8.', '8.'], [0, 3, 6, 9]))).toEqual([]);
    expect(unevenPulses(fourThree, barOf(['8.', '16', '8r', '8', '16r', '8.'], [0, 3, 6, 9]))).toEqual([0]);
    // The engraver's own 4:3 and 5:4.
    expect(unevenPulses(fourThree, engraveBar(fourThree, 0))).toEqual([]);
    expect(unevenPulses(lesson(670525).notation, engraveBar(lesson(670525).notation, 0))).toEqual([]);
  });

  it('finds quarter-note triplets written beat by beat (q 8 | 8r q), not as triplets of quarters over two beats (670135)', () => {
    const threeTwo = lesson(670135).notation;
    const pulse = [0, 2, 4, 6, 8, 10];
    // Untupleted here: the check compares the written values, the ticks are strokesOffTheirTime's.
    const beatByBeat = ['q', '8', '8r', 'q', 'q', '8', '8r', 'q'];
    expect(unevenPulses(threeTwo, barOf(beatByBeat, pulse, 6))).toEqual([0]);
    expect(unevenPulses(threeTwo, barOf(['q', 'q', 'q', 'q', 'q', 'q'], pulse, 6))).toEqual([]);
    // The engraver's own: the right hand's six quarters under two 3s, the left hand's four quarters.
    const engraved = engraveBar(threeTwo, 0);
    expect(unevenPulses(threeTwo, engraved)).toEqual([]);
    expect(strokesOffTheirTime(threeTwo, engraved)).toEqual([]);
    expect(engraved.tuplets.map(({ tuplet }) => tuplet.getNoteCount())).toEqual([3, 3]);
  });

  it('holds a name\'s "right hand quarters" to the written values: 650005 passes, named 8ths it fails, naming both', () => {
    const quarters = lesson(650005);
    expect(namedValuesNotWritten(quarters)).toEqual([]);
    expect(engravingProblems(quarters)).toEqual([]);
    const misnamed = { ...quarters, name: quarters.name.replace('right hand quarters', 'right hand 8ths') };
    expect(engravingProblems(misnamed)).toEqual([
      'the name says "right hand 8ths", the sheet writes that hand as q',
    ]);
  });
});
