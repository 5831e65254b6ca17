import type { ClickPlacement, ClickTrack } from '../exercise.js';
import type { ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS } from '../family.js';
import { comboFamily, layer } from '../combo-family.js';
import type { ComboContext, Layer } from '../combo-family.js';
import { countingOf, countsByBar, noteValueAt } from '../notation-text.js';
import { GAPS, SHIFT_NAMES, ladderPattern, rotate } from './timing.js';

/**
 * Timing on the practice pad (Drum Pad mode): the hands alone against the metronome, with nothing else
 * to hold the time. Every note is on the pad with a sticking.
 */

const padLayer = (label: string, pattern: string, sticking: string, level: number, text: string): Layer =>
  layer(label, { pad: pattern }, level, { sticking: { pad: sticking }, text });

const PAD_SOUND =
  'The pad is unforgiving: there is no groove and no ringing drum to hide behind, so every stroke shows where your time really is. Record a few rounds and listen whether the strokes stay evenly spaced.';

const tempoPlan = ({ bpm, repetitions, grid }: ComboContext): string =>
  `Start at ${bpm} bpm and play the ${grid.bars} bars ${repetitions} times in a row.`;

/** 116: gap click on the pad. */
const GAP_MATERIAL: Layer[] = [
  padLayer(
    'quarter notes',
    'x--- x--- x--- x---',
    'RL',
    0,
    'One stroke per beat, alternating R L R L, each from the same height so right and left sound alike.',
  ),
  padLayer(
    '8th notes',
    'x-x- x-x- x-x- x-x-',
    'RL',
    0,
    'Alternating 8th notes, the right hand on the beat and the left hand on the "&", evenly spaced like a ticking clock.',
  ),
  padLayer(
    '8th notes accented on the beat',
    'X-x- X-x- X-x- X-x-',
    'RL',
    0,
    'Alternating 8th notes with an accent on every beat (right hand) and a low tap on every "&" (left hand): the accents show the pulse, the taps show whether the space between the beats stays even.',
  ),
  padLayer(
    '16th notes',
    'xxxx xxxx xxxx xxxx',
    'RL',
    1,
    'Alternating 16th notes, R L R L, four even strokes in every beat with the right hand on the beat and on the "&".',
  ),
  padLayer(
    'paradiddles in 16ths',
    'Xxxx Xxxx Xxxx Xxxx',
    'RLRRLRLL',
    1,
    'Single paradiddles in 16th notes, R L R R L R L L, with the accent on the first note of every group: the lead hand changes every beat, and the time must not follow the hands.',
  ),
  padLayer(
    'the "&"s only',
    '--x- --x- --x- --x-',
    'RL',
    1,
    'Only the off-beats: one stroke on every "&", alternating hands, nothing on the beat. When the click sounds it falls exactly between your strokes; in the gaps nothing but your counting tells you where the beat is.',
  ),
  padLayer(
    '16th-note doubles',
    'xxxx xxxx xxxx xxxx',
    'RRLL',
    2,
    'Double strokes in 16th notes, R R L L, the second note of every double as loud as the first: a weak or early second note is heard as rushing.',
  ),
  padLayer(
    '16ths accented on the "a"',
    'xxxX xxxX xxxX xxxX',
    'RL',
    2,
    'Alternating 16th notes with the accent on the last 16th of every beat (the "a", left hand), exactly where the time most often rushes into the next beat.',
  ),
];

const padGapClick = comboFamily({
  index: FAMILY_BLOCKS.padTiming,
  key: 'timing-pad-gap-click',
  slowPractice: true,
  focus: 'timing',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 8 },
  tempo: [60, 132],
  minLevel: 1,
  span: 3,
  padSufficient: true,
  bases: GAP_MATERIAL,
  variations: GAPS.map((gap) => layer(gap.label, {}, gap.level)),
  click: ({ variation }) => ({
    placement: 'beat',
    mutedBars: GAPS.find((gap) => gap.label === variation.label)?.muted ?? [],
  }),
  practiceTime: 5,
  repetitions: 6,
  name: ({ base, variation, bpm }) => `Pad gap click — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `Timing on the practice pad: play ${context.base.label} for eight bars while the metronome plays ${context.variation.label}.`,
    context.base.text,
    'In the silent bars keep counting out loud and imagine the click; when it comes back you should land exactly on it. If you are early you rushed, if you are late you dragged: note which one happens to you.',
    PAD_SOUND,
    `Count "${countingOf(context.notation)}" quietly through the gaps.`,
    tempoPlan(context),
  ],
});

/** How the metronome plays under the subdivision grids and the displacement work. */
interface ClickSetting {
  label: string;
  placement: ClickPlacement;
  mutedBars: number[];
  level: number;
  text: string;
}

const CLICK_SETTINGS: readonly ClickSetting[] = [
  {
    label: 'click on every beat',
    placement: 'beat',
    mutedBars: [],
    level: 0,
    text: 'The metronome clicks on every beat: the stroke on each beat should bury the click so well that you stop hearing it.',
  },
  {
    label: 'click on 2 and 4',
    placement: 'backbeat',
    mutedBars: [],
    level: 1,
    text: 'The metronome clicks only on 2 and 4: feel it as the backbeat of a song and place beats 1 and 3 yourself, exactly halfway between the clicks.',
  },
  {
    label: 'click on every beat, bars 2 and 4 silent',
    placement: 'beat',
    mutedBars: [1, 3],
    level: 1,
    text: 'The metronome clicks in bars 1 and 3 and stays silent in bars 2 and 4, so every second grid has to hold the tempo on its own; at the start of bar 3 you should land exactly on the returning click.',
  },
  {
    label: 'click on 1 of each bar only',
    placement: 'bar_downbeat',
    mutedBars: [],
    level: 2,
    text: 'The metronome clicks only on beat 1 of each bar: the three beats in between are yours, and the next click tells you whether you kept them the same length.',
  },
  {
    label: 'click on the "&" of every beat',
    placement: 'offbeat',
    mutedBars: [],
    level: 2,
    text: 'The metronome clicks on the "&" of every beat, between the beats: clap or count with it first until you hear it as the off-beat and not as a new "1", then play.',
  },
];

const clickBases = (settings: readonly ClickSetting[]): Layer[] =>
  settings.map((setting) => layer(setting.label, {}, setting.level, { text: setting.text }));

const clickFor = ({ base }: Pick<ComboContext, 'base'>): ClickTrack => {
  const setting = CLICK_SETTINGS.find((candidate) => candidate.label === base.label) ?? CLICK_SETTINGS[0]!;
  return { placement: setting.placement, mutedBars: setting.mutedBars };
};

/** A ladder as played with either hand leading; the left lead comes one level later. */
const withBothLeads = (ladders: readonly Layer[]): Layer[] =>
  ladders.flatMap((ladder) => [
    { ...ladder, label: `${ladder.label}, right lead`, sticking: { pad: 'RL' } },
    { ...ladder, label: `${ladder.label}, left lead`, level: ladder.level + 1, sticking: { pad: 'LR' } },
  ]);

/** One grid per beat, the same for every bar. */
const perBeat = (cells: string[], bars: number): string =>
  Array.from({ length: bars }, () => cells.join('')).join('|');

/** 117: binary subdivision grids on the pad (quarters, 8ths, 16ths). */
const BINARY_LADDERS: Layer[] = withBothLeads([
  layer('quarters, 8ths, 16ths, 8ths', { pad: ladderPattern([4, 2, 1, 2], 16) }, 0),
  layer('8ths, 16ths, 8ths, quarters', { pad: ladderPattern([2, 1, 2, 4], 16) }, 0),
  layer('16ths, 8ths, quarters, 8ths', { pad: ladderPattern([1, 2, 4, 2], 16) }, 0),
  layer('quarters, 16ths, 8ths, 16ths', { pad: ladderPattern([4, 1, 2, 1], 16) }, 1),
  layer('8ths and 16ths beat by beat', { pad: perBeat(['x-x-', 'xxxx'], 8) }, 1),
  layer('quarter, 8ths, 16ths, 8ths in every bar', { pad: perBeat(['x---', 'x-x-', 'xxxx', 'x-x-'], 4) }, 2),
]);

/** 118: ternary grids (8ths, triplets, 16th-note triplets) on a 16th-note-triplet grid. */
const TERNARY_LADDERS: Layer[] = withBothLeads([
  layer('quarters, 8ths, triplets, 8ths', { pad: ladderPattern([6, 3, 2, 3], 24) }, 0),
  layer('triplets, 8ths, triplets, quarters', { pad: ladderPattern([2, 3, 2, 6], 24) }, 0),
  layer('8ths, triplets, 16th-note triplets, triplets', { pad: ladderPattern([3, 2, 1, 2], 24) }, 2),
  layer('quarters, triplets, 8ths, 16th-note triplets', { pad: ladderPattern([6, 2, 3, 1], 24) }, 3),
  layer('8ths and triplets beat by beat', { pad: perBeat(['x--x--', 'x-x-x-'], 8) }, 1),
  layer('triplets and 16th-note triplets beat by beat', { pad: perBeat(['x-x-x-', 'xxxxxx'], 8) }, 2),
]);

const gridDescribe =
  (tip?: (values: ReadonlySet<number>) => string | undefined) =>
  (context: ComboContext): (string | undefined)[] => [
    `Subdivision grids on the practice pad, four bars: ${context.variation.label}, as alternating single strokes (sticking ${context.variation.sticking?.pad === 'LR' ? 'L R L R' : 'R L R L'}).`,
    'The quarter-note pulse stays exactly the same; only the number of notes inside each beat changes. Change grid on the beat without hesitating and without a bump in volume: the first note of a new grid is where the time usually wobbles.',
    context.base.text,
    `${countsByBar(context.notation)} out loud as you play it, always with the beat number on the beat.`,
    tip?.(new Set(context.notation.notes.map((note) => noteValueAt(context.notation, note.step)))),
    tempoPlan(context),
  ];

const binaryPadGrids = comboFamily({
  index: FAMILY_BLOCKS.padTiming + 1,
  key: 'timing-pad-grids-binary',
  slowPractice: true,
  focus: 'timing',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 4 },
  tempo: [56, 120],
  minLevel: 1,
  span: 3,
  padSufficient: true,
  bases: clickBases(CLICK_SETTINGS.slice(0, 4)),
  variations: BINARY_LADDERS,
  click: clickFor,
  practiceTime: 4,
  repetitions: 8,
  name: ({ base, variation, bpm }) => `Pad subdivision grid — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: gridDescribe(),
});

const ternaryPadGrids = comboFamily({
  index: FAMILY_BLOCKS.padTiming + 2,
  key: 'timing-pad-grids-ternary',
  slowPractice: true,
  focus: 'timing',
  grid: { beats: 4, beatUnit: 4, subdivision: 6, bars: 4 },
  tempo: [50, 108],
  minLevel: 1,
  span: 3,
  padSufficient: true,
  bases: clickBases(CLICK_SETTINGS.slice(0, 4)),
  variations: TERNARY_LADDERS,
  click: clickFor,
  practiceTime: 4,
  repetitions: 8,
  name: ({ base, variation, bpm }) => `Pad subdivision grid — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: gridDescribe((values) =>
    values.has(8) && values.has(12)
      ? 'Straight 8ths and triplets sit close together, so make the switch obvious: 8ths square, triplets round.'
      : undefined,
  ),
});

/** 119: displacement on the pad, bar 1 as written and bar 2 moved later, over a moving click. */
const displaced = (label: string, pattern: string, by: number, level: number): Layer =>
  layer(`${label} displaced by ${SHIFT_NAMES[by]}`, { pad: `${pattern}|${rotate(pattern, by)}` }, level, {
    sticking: { pad: 'RL' },
  });

const DISPLACEMENTS: Layer[] = [
  displaced('beat accents in 16ths', 'Xxxx Xxxx Xxxx Xxxx', 2, 0),
  displaced('beat accents in 16ths', 'Xxxx Xxxx Xxxx Xxxx', 1, 1),
  displaced('beat accents in 16ths', 'Xxxx Xxxx Xxxx Xxxx', 3, 1),
  displaced('quarter notes', 'x--- x--- x--- x---', 2, 0),
  displaced('quarter notes', 'x--- x--- x--- x---', 1, 2),
  displaced('quarter notes', 'x--- x--- x--- x---', 3, 2),
  ...[1, 2, 3, 4, 5, 6, 7].map((by) =>
    displaced('syncopated figure', 'x--x --x- --x- x---', by, by % 2 === 1 ? 2 : by === 4 ? 0 : 1),
  ),
];

const padDisplacement = comboFamily({
  index: FAMILY_BLOCKS.padTiming + 3,
  key: 'timing-pad-displacement',
  slowPractice: true,
  focus: 'timing',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 2 },
  tempo: [60, 126],
  minLevel: 1,
  span: 3,
  padSufficient: true,
  bases: clickBases([CLICK_SETTINGS[0]!, CLICK_SETTINGS[1]!, CLICK_SETTINGS[4]!]),
  variations: DISPLACEMENTS,
  click: clickFor,
  practiceTime: 4,
  repetitions: 16,
  name: ({ base, variation, bpm }) => `Pad displacement — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `Displacement on the practice pad: bar 1 is the original figure, bar 2 is the same figure moved later (${context.variation.label}), alternating hands throughout.`,
    'Displacement trains you to hear a pattern against the pulse instead of being carried by it. Keep counting the real beat; the displaced bar will feel as if the beat turned around, and that is the point: the click proves where the beat really is.',
    context.base.text,
    `Count "${countingOf(context.notation)}" and say out loud the syllable each note of the displaced bar lands on before you play it.`,
    tempoPlan(context),
  ],
});

export const padTimingFamilies: ExerciseFamily[] = [
  padGapClick,
  binaryPadGrids,
  ternaryPadGrids,
  padDisplacement,
];
