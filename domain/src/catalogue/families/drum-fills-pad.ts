import type { LevelIndex } from '../../rules/levels.js';
import type { NoteEvent } from '../exercise.js';
import type { ExerciseDraft, ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS, sentences, slotOf } from '../family.js';
import { line, notation, stickingText } from '../grid.js';
import { fillCounting, lengthInBars, noteValuesText } from '../notation-text.js';
import type { Grid } from '../grid.js';
import { levelRange, levelsFrom, tempoForLevel } from '../tempo.js';
import { LENGTHS, LENGTH_LABEL, RHYTHMS } from './drum-fills.js';
import type { FillRhythm } from './drum-fills.js';

/**
 * Fills on the practice pad (Drum Pad mode): the kit fills' hand rhythms on one surface, with accents where
 * the sticks would move to the toms, after a pulse that stands in for the groove. The phrase, its length and
 * its landing are what is practised; the orchestration waits for the kit.
 */

/** A note of the fill, positions counted in steps from the fill's start. */
interface FillNote {
  note: NoteEvent;
  position: number;
  /** Position of the note before, if any. */
  previous: number | undefined;
  fillLength: number;
  subdivision: number;
}

/** Accent shapes that stand for the kit orchestrations. */
interface PadShape {
  label: string;
  level: number;
  accent: (fillNote: FillNote) => boolean;
  /** Unaccented notes become ghost notes. */
  ghosts: boolean;
  text: string;
}

/** The first note of each quarter of the fill, where a fill down the kit moves to the next drum. */
const startsNewDrum = ({ position, previous, fillLength }: FillNote): boolean =>
  previous === undefined ||
  Math.floor((4 * position) / fillLength) !== Math.floor((4 * previous) / fillLength);

const SHAPES: readonly PadShape[] = [
  {
    label: 'accents where the drums change',
    level: 0,
    accent: startsNewDrum,
    ghosts: false,
    text: 'On the kit this fill moves down the drums, one quarter of the fill on each. On the pad, accent the first note of every quarter of the fill, where the sticks would arrive on the next drum, and keep the other notes as low taps.',
  },
  {
    label: 'accents on every beat',
    level: 0,
    accent: ({ position, subdivision }) => position % subdivision === 0,
    ghosts: false,
    text: 'Accent the first note of every beat of the fill: on the kit those accents go to a low drum while the taps stay high. The accents make you hear each beat of the fill, so you always know where you are in the bar.',
  },
  {
    label: 'right-hand accents',
    level: 1,
    accent: ({ note }) => note.sticking === 'R',
    ghosts: false,
    text: 'Accent every right-hand note and keep the left hand low: on the kit the two hands play two different drums, so the accents are the low voice of a two-drum melody.',
  },
  {
    label: 'drum-change accents, taps as ghost notes',
    level: 2,
    accent: startsNewDrum,
    ghosts: true,
    text: 'Accent the first note of every quarter of the fill, where the sticks would move to the next drum, and bring every other note down to a ghost note barely above the pad: the wider the gap between loud and soft, the more the fill sounds like a melody over the drums.',
  },
];

interface Pulse {
  label: string;
  cell: Record<4 | 6, string>;
  text: string;
}

const PULSES: readonly Pulse[] = [
  {
    label: 'quarter-note pulse',
    cell: { 4: 'x---', 6: 'x-----' },
    text: 'quarter notes, alternating R L on every beat',
  },
  {
    label: '8th-note pulse',
    cell: { 4: 'x-x-', 6: 'x--x--' },
    text: 'straight 8th notes, the right hand on the beat and the left hand on the "&"',
  },
];

interface Landing {
  label: string;
  both: boolean;
  text: string;
}

const LANDINGS: readonly Landing[] = [
  {
    label: 'accent on 1',
    both: false,
    text: 'Land on beat 1 with a single accented right-hand stroke, then drop straight back into the pulse at its normal volume.',
  },
  {
    label: 'both hands on 1',
    both: true,
    text: 'Land on beat 1 with both sticks together, accented, as the landing of a fill would on the kit; the two sticks must hit as one, never as a flam, and the pulse goes on right after.',
  },
];

const CAPACITY = [16, 8, 2, 2, 8] as const; // rhythms, shapes, pulses, landings, levels

/** Fill rhythms the hands can play alone (no bass drum in the sticking). */
const HAND_RHYTHMS = RHYTHMS.map((rhythm, index) => ({ rhythm, index })).filter(
  ({ rhythm }) => !rhythm.sticking.includes('F'),
);

function padFillNotation(
  rhythm: FillRhythm,
  shape: PadShape,
  pulse: Pulse,
  landing: Landing,
  fillBeats: number,
) {
  const bars = fillBeats === 8 ? 4 : 2;
  const grid: Grid = { beats: 4, beatUnit: 4, subdivision: rhythm.subdivision, bars };
  const total = 4 * rhythm.subdivision * bars;
  const fillStart = total - fillBeats * rhythm.subdivision;
  const fillLength = total - fillStart;

  const time = line('pad', pulse.cell[rhythm.subdivision], { sticking: 'RL', length: fillStart }).map(
    (note): NoteEvent =>
      note.step === 0 ? { ...note, accent: true, sticking: landing.both ? 'B' : 'R' } : note,
  );
  let previous: number | undefined;
  const fill = line('pad', rhythm.cell, {
    sticking: rhythm.sticking,
    offset: fillStart,
    length: fillLength,
  }).map((note): NoteEvent => {
    const position = note.step - fillStart;
    const accent = shape.accent({ note, position, previous, fillLength, subdivision: rhythm.subdivision });
    previous = position;
    if (accent) return { ...note, accent: true };
    return shape.ghosts ? { ...note, ghost: true } : note;
  });
  return {
    shared: notation(grid, [...time, ...fill]),
    fillStart,
    sticking: stickingText(fill, rhythm.subdivision, 99),
  };
}

function padFillExercise(
  rhythmIndex: number,
  shapeIndex: number,
  pulseIndex: number,
  landingIndex: number,
  lengthIndex: number,
  level: LevelIndex,
  built: ReturnType<typeof padFillNotation>,
): ExerciseDraft {
  const rhythm = RHYTHMS[rhythmIndex]!;
  const shape = SHAPES[shapeIndex]!;
  const pulse = PULSES[pulseIndex]!;
  const landing = LANDINGS[landingIndex]!;
  const fillBeats = LENGTHS[lengthIndex]!;
  const bars = fillBeats === 8 ? 4 : 2;
  const repetitions = bars === 4 ? 8 : 12;
  const bpm = tempoForLevel(level, rhythm.tempo[0], rhythm.tempo[1]);
  const lengthLabel = LENGTH_LABEL[fillBeats];
  const timeBars = lengthInBars(built.fillStart / rhythm.subdivision, 4);
  return {
    slot: slotOf([rhythmIndex, shapeIndex, pulseIndex, landingIndex, level], CAPACITY),
    name: `Pad ${lengthLabel} — ${rhythm.label}, ${shape.label}, ${pulse.label}, ${landing.label}, ${bpm} bpm`,
    focus: 'drum_fills',
    ...levelRange(level),
    padSufficient: true,
    description: sentences(
      `The ${lengthLabel} of ${rhythm.label} on the practice pad, after ${timeBars} of time: ${pulse.text}, standing in for the groove. Written in ${noteValuesText(built.shared)}.`,
      shape.text,
      `Sticking of the fill: ${built.sticking}.`,
      landing.text,
      `${fillCounting(built.shared, built.fillStart)} so it ends exactly on the bar line; the most common mistake is rushing the last beat, and on the pad you hear it at once.`,
      `Play time and fill ${repetitions} times in a row at ${bpm} bpm without stopping, with the pulse after the landing as steady as before the fill. Back at the kit, move the accents to the drums and the phrase is ready.`,
    ),
    startBpm: bpm,
    repetitions,
    practiceTime: fillBeats === 8 ? 6 : 4,
    type: 'exercise',
    notation: built.shared,
  };
}

/**
 * Shapes can coincide: in a 1-bar fill the drums change on every beat, and in 8th notes the right hand plays
 * every beat. Such a shape is left out rather than published twice under two names.
 */
const repeatsAnEarlierShape = (rhythm: FillRhythm, shapeIndex: number, fillBeats: number): boolean => {
  const notesOf = (index: number) =>
    JSON.stringify(padFillNotation(rhythm, SHAPES[index]!, PULSES[0]!, LANDINGS[0]!, fillBeats).shared.notes);
  const own = notesOf(shapeIndex);
  return SHAPES.some((_shape, earlier) => earlier < shapeIndex && notesOf(earlier) === own);
};

/** One family per fill length (104-107); hand rhythms × accent shapes × pulses × landings, at three levels. */
export const padDrumFillFamilies: ExerciseFamily[] = LENGTHS.map((fillBeats, lengthIndex) => ({
  index: FAMILY_BLOCKS.padFills + lengthIndex,
  key: `fill-pad-${fillBeats}-beats`,
  build: () =>
    HAND_RHYTHMS.flatMap(({ rhythm, index: r }) =>
      SHAPES.flatMap((shape, s) => {
        if (repeatsAnEarlierShape(rhythm, s, fillBeats)) return [];
        return PULSES.flatMap((pulse, p) =>
          LANDINGS.flatMap((landing, l) => {
            const built = padFillNotation(rhythm, shape, pulse, landing, fillBeats);
            return levelsFrom(Math.min(7, rhythm.level + shape.level + (fillBeats === 8 ? 1 : 0)), 3).map(
              (level) => padFillExercise(r, s, p, l, lengthIndex, level, built),
            );
          }),
        );
      }),
    ),
}));
