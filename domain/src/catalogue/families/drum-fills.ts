import type { LevelIndex } from '../../rules/levels.js';
import type { NoteEvent, Voice } from '../exercise.js';
import type { ExerciseDraft, ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS, sentences, slotOf } from '../family.js';
import { line, notation, stickingText } from '../grid.js';
import type { Grid } from '../grid.js';
import { kitNotes } from '../kit.js';
import {
  drumsInOrder,
  fillCounting,
  lengthInBars,
  noteValuesText,
  stickingLegend,
} from '../notation-text.js';
import { levelRange, levelsFrom, tempoForLevel } from '../tempo.js';

export interface FillRhythm {
  key: string;
  label: string;
  subdivision: 4 | 6;
  /** One beat of the rhythm. */
  cell: string;
  /** Cycles over the fill's notes; F goes to the bass drum. */
  sticking: string;
  level: number;
  tempo: [number, number];
}

export const RHYTHMS: readonly FillRhythm[] = [
  {
    key: 'eighths',
    label: '8th notes',
    subdivision: 4,
    cell: 'x-x-',
    sticking: 'RL',
    level: 1,
    tempo: [70, 160],
  },
  {
    key: 'singles',
    label: '16th singles',
    subdivision: 4,
    cell: 'xxxx',
    sticking: 'RL',
    level: 1,
    tempo: [60, 140],
  },
  {
    key: 'gallop',
    label: '8th and two 16ths',
    subdivision: 4,
    cell: 'x-xx',
    sticking: 'RRL',
    level: 2,
    tempo: [64, 144],
  },
  {
    key: 'doubles',
    label: '16th doubles',
    subdivision: 4,
    cell: 'xxxx',
    sticking: 'RRLL',
    level: 3,
    tempo: [60, 128],
  },
  {
    key: 'paradiddle',
    label: '16th paradiddles',
    subdivision: 4,
    cell: 'xxxx',
    sticking: 'RLRRLRLL',
    level: 3,
    tempo: [60, 128],
  },
  {
    key: 'hhf16',
    label: '16ths hand-hand-foot',
    subdivision: 4,
    cell: 'xxxx',
    sticking: 'RLF',
    level: 4,
    tempo: [60, 132],
  },
  {
    key: 'triplets',
    label: '8th-note triplets',
    subdivision: 6,
    cell: 'x-x-x-',
    sticking: 'RL',
    level: 2,
    tempo: [64, 150],
  },
  {
    key: 'hhf_triplets',
    label: 'triplets hand-hand-foot',
    subdivision: 6,
    cell: 'x-x-x-',
    sticking: 'RLF',
    level: 3,
    tempo: [64, 150],
  },
  {
    key: 'sextuplets',
    label: '16th-note triplets',
    subdivision: 6,
    cell: 'xxxxxx',
    sticking: 'RL',
    level: 4,
    tempo: [56, 120],
  },
  {
    key: 'hlf_sextuplets',
    label: '16th-note triplets RLRLFF',
    subdivision: 6,
    cell: 'xxxxxx',
    sticking: 'RLRLFF',
    level: 5,
    tempo: [56, 112],
  },
];

type Orchestrate = (note: NoteEvent, position: number, length: number) => Voice;

interface Orchestration {
  key: string;
  label: string;
  level: number;
  voiceFor: Orchestrate;
  /** What to play, given the drums the fill actually reaches, in the order it reaches them. */
  text: (drums: string) => string;
}

const spread =
  (voices: readonly Voice[]): Orchestrate =>
  (_note, position, length) =>
    voices[Math.min(voices.length - 1, Math.floor((voices.length * position) / length))]!;

const ORCHESTRATIONS: readonly Orchestration[] = [
  {
    key: 'down',
    label: 'snare down the toms',
    level: 0,
    voiceFor: spread(['snare', 'high_tom', 'mid_tom', 'floor_tom']),
    text: (drums) => `Start on the snare and move down the drums as the fill goes on: ${drums}.`,
  },
  {
    key: 'toms',
    label: 'toms only, high to low',
    level: 0,
    voiceFor: spread(['high_tom', 'mid_tom', 'floor_tom']),
    text: (drums) =>
      `Stay on the toms, high to low (${drums}), moving from the shoulders so the sticks hit the centre of each drum.`,
  },
  {
    key: 'up',
    label: 'floor tom up to the snare',
    level: 1,
    voiceFor: spread(['floor_tom', 'mid_tom', 'high_tom', 'snare']),
    text: (drums) => `Go the other way and climb up the drums (${drums}), which prepares a strong landing.`,
  },
  {
    key: 'split',
    label: 'right hand floor tom, left hand snare',
    level: 1,
    voiceFor: (note) => (note.sticking === 'R' ? 'floor_tom' : 'snare'),
    text: () =>
      'Keep the right hand on the floor tom and the left hand on the snare: the two sounds create a low-high melody.',
  },
  {
    key: 'accents',
    label: 'beat accents on the floor tom',
    level: 2,
    voiceFor: (note) => (note.accent ? 'floor_tom' : 'snare'),
    text: () =>
      'Play everything on the snare except the first note of each beat, which goes to the floor tom as an accent.',
  },
  {
    key: 'cross',
    label: 'right hand down the toms, left hand snare',
    level: 2,
    voiceFor: (note, position, length) =>
      note.sticking === 'R' ? spread(['high_tom', 'mid_tom', 'floor_tom'])(note, position, length) : 'snare',
    text: (drums) => `The left hand stays on the snare while the right hand walks down the drums: ${drums}.`,
  },
];

/** Fill lengths in beats: 1, 2 and 4 beats, and a two-bar solo break. */
export const LENGTHS = [1, 2, 4, 8] as const;
export const LENGTH_LABEL: Record<(typeof LENGTHS)[number], string> = {
  1: '1-beat fill',
  2: '2-beat fill',
  4: '1-bar fill',
  8: '2-bar fill',
};
const CAPACITY = [16, 8, 4, 2, 8] as const; // rhythms, orchestrations, lengths, landings, levels

function grooveParts(subdivision: 4 | 6): { hi_hat: string; snare: string; bass_drum: string } {
  return subdivision === 4
    ? { hi_hat: 'x-x- x-x- x-x- x-x-', snare: '---- x--- ---- x---', bass_drum: 'x--- ---- x--- ----' }
    : {
        hi_hat: 'x--x-- x--x-- x--x-- x--x--',
        snare: '------ x----- ------ x-----',
        bass_drum: 'x----- ------ x----- ------',
      };
}

/** The notation and sticking of one fill; the same for every level. */
function fillNotation(rhythm: FillRhythm, orchestration: Orchestration, fillBeats: number, crash: boolean) {
  const bars = fillBeats === 8 ? 4 : 2;
  const grid: Grid = { beats: 4, beatUnit: 4, subdivision: rhythm.subdivision, bars };
  const total = 4 * rhythm.subdivision * bars;
  const fillStart = total - fillBeats * rhythm.subdivision;
  const fillLength = total - fillStart;

  const groove = kitNotes(grooveParts(rhythm.subdivision), total).filter(
    (note) => note.step < fillStart && !(crash && note.step === 0 && note.voice === 'hi_hat'),
  );
  const raw = line('snare', rhythm.cell, {
    sticking: rhythm.sticking,
    offset: fillStart,
    length: fillLength,
  });
  const fill = raw.map((note): NoteEvent => {
    if (note.sticking === 'F') return { ...note, voice: 'bass_drum' };
    const accented = (note.step - fillStart) % rhythm.subdivision === 0;
    const shaped = accented ? { ...note, accent: true } : note;
    return { ...shaped, voice: orchestration.voiceFor(shaped, note.step - fillStart, fillLength) };
  });
  const landing: NoteEvent[] = crash ? [{ step: 0, voice: 'crash', sticking: 'R', accent: true }] : [];
  const hands = fill.filter((note) => note.sticking !== 'F');
  return {
    shared: notation(grid, [...landing, ...groove, ...fill]),
    fillStart,
    sticking: stickingText(fill, rhythm.subdivision, 99, true),
    legend: stickingLegend(fill),
    drums: drumsInOrder(
      orchestration.key === 'cross' ? hands.filter((note) => note.sticking === 'R') : hands,
    ),
  };
}

function fillExercise(
  rhythmIndex: number,
  orchestrationIndex: number,
  lengthIndex: number,
  crash: boolean,
  level: LevelIndex,
  built: ReturnType<typeof fillNotation>,
): ExerciseDraft {
  const rhythm = RHYTHMS[rhythmIndex]!;
  const orchestration = ORCHESTRATIONS[orchestrationIndex]!;
  const fillBeats = LENGTHS[lengthIndex]!;
  const bars = fillBeats === 8 ? 4 : 2;

  const bpm = tempoForLevel(level, rhythm.tempo[0], rhythm.tempo[1]);
  const lengthLabel = LENGTH_LABEL[fillBeats];
  const grooveBars = lengthInBars(built.fillStart / rhythm.subdivision, 4);
  return {
    slot: slotOf([rhythmIndex, orchestrationIndex, lengthIndex, crash ? 1 : 0, level], CAPACITY),
    name: `${lengthLabel} — ${rhythm.label}, ${orchestration.label}, ${crash ? 'crash on 1' : 'no crash'}, ${bpm} bpm`,
    focus: 'drum_fills',
    ...levelRange(level),
    padSufficient: false,
    description: sentences(
      `A ${lengthLabel} of ${rhythm.label} after ${grooveBars} of a basic 8th-note rock groove (hi-hat 8ths, snare on 2 and 4, bass drum on 1 and 3), written in ${noteValuesText(built.shared)}.`,
      orchestration.text(built.drums),
      `Sticking of the fill${built.legend ? ` (${built.legend})` : ''}: ${built.sticking}; accent the first note of every beat.`,
      crash
        ? 'Land on beat 1 with crash cymbal and bass drum together, then drop straight back into the groove.'
        : 'Land on beat 1 with the hi-hat and bass drum only, as you would inside a quiet verse.',
      `${fillCounting(built.shared, built.fillStart)} so it ends exactly on the bar line; the most common mistake is rushing the last beat.`,
      `Play groove and fill ${bars === 4 ? 8 : 12} times in a row at ${bpm} bpm without stopping, and keep the groove as strong after the fill as before it.`,
    ),
    startBpm: bpm,
    repetitions: bars === 4 ? 8 : 12,
    practiceTime: fillBeats === 8 ? 6 : 4,
    type: 'exercise',
    notation: built.shared,
  };
}

/** One family per fill length; rhythms × orchestrations × landing, each at three levels. */
export const drumFillFamilies: ExerciseFamily[] = LENGTHS.map((fillBeats, lengthIndex) => ({
  index: FAMILY_BLOCKS.fills + lengthIndex,
  key: `fill-${fillBeats}-beats`,
  build: () =>
    RHYTHMS.flatMap((rhythm, r) =>
      ORCHESTRATIONS.flatMap((orchestration, o) =>
        [true, false].flatMap((crash) => {
          const built = fillNotation(rhythm, orchestration, fillBeats, crash);
          return levelsFrom(
            Math.min(7, rhythm.level + orchestration.level + (fillBeats === 8 ? 1 : 0)),
            3,
          ).map((level) => fillExercise(r, o, lengthIndex, crash, level, built));
        }),
      ),
    ),
}));
