import type { ClickPlacement } from '../exercise.js';
import type { ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS } from '../family.js';
import { comboFamily, layer } from '../combo-family.js';
import type { ComboContext, Layer } from '../combo-family.js';
import { countingOf, countsByBar } from '../notation-text.js';

const EIGHT_BARS = { beats: 4, beatUnit: 4, subdivision: 4, bars: 8 } as const;

const MATERIAL: Layer[] = [
  layer('quarter notes on the snare', { snare: 'x--- x--- x--- x---' }, 0, { sticking: { snare: 'RL' } }),
  layer('8th notes on the snare', { snare: 'x-x- x-x- x-x- x-x-' }, 0, { sticking: { snare: 'RL' } }),
  layer('8th-note rock groove', {
    hi_hat: 'x-x- x-x- x-x- x-x-',
    snare: '---- x--- ---- x---',
    bass_drum: 'x--- ---- x--- ----',
  }),
  layer('16th notes on the snare', { snare: 'xxxx xxxx xxxx xxxx' }, 1, { sticking: { snare: 'RL' } }),
  layer(
    '16th-note hi-hat groove',
    { hi_hat: 'xxxx xxxx xxxx xxxx', snare: '---- x--- ---- x---', bass_drum: 'x--- --x- x--- ----' },
    1,
    {
      sticking: { hi_hat: 'RL', snare: 'L' },
    },
  ),
  layer(
    'funk groove with ghost notes',
    { hi_hat: 'x-x- x-x- x-x- x-x-', snare: '---- X--g -g-- X---', bass_drum: 'x--- ---x --x- ----' },
    2,
  ),
];

/** Bars (of 8) in which the click is silent. */
export const GAPS: { label: string; muted: number[]; level: number }[] = [
  { label: '1 bar click, 1 bar silent', muted: [1, 3, 5, 7], level: 0 },
  { label: '2 bars click, 2 bars silent', muted: [2, 3, 6, 7], level: 0 },
  { label: '1 bar click, 3 bars silent', muted: [1, 2, 3, 5, 6, 7], level: 1 },
  { label: '4 bars click, 4 bars silent', muted: [4, 5, 6, 7], level: 1 },
  { label: '2 bars click, 6 bars silent', muted: [2, 3, 4, 5, 6, 7], level: 2 },
  { label: '1 bar click, 7 bars silent', muted: [1, 2, 3, 4, 5, 6, 7], level: 3 },
];

const gapClick = comboFamily({
  index: FAMILY_BLOCKS.timing,
  key: 'timing-gap-click',
  slowPractice: true,
  focus: 'timing',
  grid: EIGHT_BARS,
  tempo: [60, 132],
  minLevel: 1,
  span: 4,
  bases: MATERIAL,
  variations: GAPS.map((gap) => layer(gap.label, {}, gap.level)),
  click: ({ variation }) => ({
    placement: 'beat',
    mutedBars: GAPS.find((gap) => gap.label === variation.label)?.muted ?? [],
  }),
  practiceTime: 5,
  repetitions: 6,
  name: ({ base, variation, bpm }) => `Gap click — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `Play ${context.base.label} for eight bars while the metronome plays ${context.variation.label}.`,
    'In the silent bars keep counting out loud and imagine the click; when it comes back, you should land exactly on it. If you are early you rushed, if you are late you dragged: note which one happens to you.',
    `Count "${countingOf(context.notation)}" quietly through the gaps.`,
    `Start at ${context.bpm} bpm and play the eight bars ${context.repetitions} times.`,
  ],
});

/** Subdivision ladders: one grid per bar, pulse unchanged. */
export const ladderPattern = (steps: number[], perBar: number): string =>
  steps
    .map((every) => Array.from({ length: perBar }, (_, i) => (i % every === 0 ? 'x' : '-')).join(''))
    .join('|');

const BINARY_LADDERS: Layer[] = [
  layer('quarters, 8ths, 16ths, 8ths', { snare: ladderPattern([4, 2, 1, 2], 16) }, 0),
  layer('8ths, 16ths, 8ths, quarters', { snare: ladderPattern([2, 1, 2, 4], 16) }, 0),
  layer('quarters, 16ths, 8ths, 16ths', { snare: ladderPattern([4, 1, 2, 1], 16) }, 1),
].map((l) => ({ ...l, sticking: { snare: 'RL' } }));
const TERNARY_LADDERS: Layer[] = [
  layer('quarters, 8ths, triplets, 8ths', { snare: ladderPattern([6, 3, 2, 3], 24) }, 1),
  layer('8ths, triplets, 16th-note triplets, triplets', { snare: ladderPattern([3, 2, 1, 2], 24) }, 2),
  layer('triplets, 8ths, triplets, quarters', { snare: ladderPattern([2, 3, 2, 6], 24) }, 2),
  layer('quarters, triplets, 8ths, 16th-note triplets', { snare: ladderPattern([6, 2, 3, 1], 24) }, 3),
].map((l) => ({ ...l, sticking: { snare: 'RL' } }));
const FEET_UNDER: Layer[] = [
  layer('no feet', {}),
  layer('bass drum quarters', { bass_drum: 'x---' }, 1),
  layer('hi-hat foot on 2 and 4', { hi_hat_foot: '---- x--- ---- x---' }, 1),
];
const ladderDescribe = (context: ComboContext): string[] => [
  `Four bars, one subdivision per bar: ${context.variation.label}, played as alternating single strokes.`,
  'The quarter-note pulse stays exactly the same; only the number of notes inside each beat changes. Switch grids on beat 1 without hesitation.',
  context.base.label === 'no feet'
    ? 'Tap the quarter notes lightly with your foot so the pulse is in your body.'
    : `Keep the feet going (${context.base.label}) as the anchor for the changing hands.`,
  `${countsByBar(context.notation)} out loud, then play at ${context.bpm} bpm, ${context.repetitions} times through.`,
];
const binaryGrids = comboFamily({
  index: FAMILY_BLOCKS.timing + 1,
  key: 'timing-grids-binary',
  slowPractice: true,
  focus: 'timing',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 4 },
  tempo: [56, 120],
  minLevel: 1,
  span: 4,
  bases: FEET_UNDER,
  variations: BINARY_LADDERS,
  practiceTime: 4,
  repetitions: 8,
  padSufficient: false,
  name: ({ base, variation, bpm }) => `Subdivision grid — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: ladderDescribe,
});
const ternaryGrids = comboFamily({
  index: FAMILY_BLOCKS.timing + 2,
  key: 'timing-grids-ternary',
  slowPractice: true,
  focus: 'timing',
  grid: { beats: 4, beatUnit: 4, subdivision: 6, bars: 4 },
  tempo: [50, 108],
  minLevel: 1,
  span: 4,
  bases: FEET_UNDER.map((feet) => ({
    ...feet,
    parts: feet.parts.bass_drum
      ? { bass_drum: 'x-----' }
      : feet.parts.hi_hat_foot
        ? { hi_hat_foot: '------ x----- ------ x-----' }
        : {},
  })),
  variations: TERNARY_LADDERS,
  practiceTime: 4,
  repetitions: 8,
  name: ({ base, variation, bpm }) => `Subdivision grid — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: ladderDescribe,
});

/** Displacement: a one-bar groove shifted later by 1 to 7 sixteenths. */
export const rotate = (pattern: string, by: number): string => {
  const cells = pattern.replace(/[\s|]/g, '');
  const k = ((by % cells.length) + cells.length) % cells.length;
  return cells.slice(cells.length - k) + cells.slice(0, cells.length - k);
};
const DISPLACED_GROOVES = [
  { label: 'backbeat', parts: { snare: '---- x--- ---- x---' } },
  {
    label: 'rock groove',
    parts: { hi_hat: 'x-x- x-x- x-x- x-x-', snare: '---- x--- ---- x---', bass_drum: 'x--- ---- x--- ----' },
  },
  {
    label: 'bass drum and snare figure',
    parts: { snare: '---- x--- ---- x---', bass_drum: 'x--- --x- x--- ----' },
  },
];
export const SHIFT_NAMES = [
  '',
  'one 16th',
  'an 8th',
  'three 16ths',
  'a quarter note',
  'five 16ths',
  'a dotted quarter',
  'seven 16ths',
];
const displacement = comboFamily({
  index: FAMILY_BLOCKS.timing + 3,
  key: 'timing-displacement',
  slowPractice: true,
  focus: 'timing',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 2 },
  tempo: [60, 120],
  minLevel: 2,
  span: 4,
  bases: [
    layer('quarter-note hi-hat foot', { hi_hat_foot: 'x--- x--- x--- x---' }),
    layer('8th-note ride', { ride: 'x-x- x-x- x-x- x-x-' }, 1),
  ],
  variations: DISPLACED_GROOVES.flatMap((groove) =>
    [1, 2, 3, 4, 5, 6, 7].map((by) =>
      layer(
        `${groove.label} displaced by ${SHIFT_NAMES[by]}`,
        Object.fromEntries(
          Object.entries(groove.parts).map(([voice, pattern]) => [
            voice,
            `${pattern}|${rotate(pattern, by)}`,
          ]),
        ),
        by % 2 === 1 ? 2 : by === 4 ? 0 : 1,
      ),
    ),
  ),
  practiceTime: 5,
  repetitions: 16,
  name: ({ base, variation, bpm }) => `Displacement — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `Bar 1 is the original figure, bar 2 is the same figure moved later: ${context.variation.label}. The ${context.base.label} keeps the real beat underneath.`,
    'Displacement trains you to hear a pattern against the pulse instead of being carried by it. Keep counting the real beat; the displaced figure will feel as if the beat turned around, and that is the point.',
    `Count "${countingOf(context.notation)}" and find where each note of the displaced bar lands.`,
    `Start at ${context.bpm} bpm and loop both bars ${context.repetitions} times.`,
  ],
});

/** Pulse placement: the click moves off the beat while the groove stays. */
const PLACEMENTS: { placement: ClickPlacement; label: string; level: number }[] = [
  { placement: 'backbeat', label: 'click on 2 and 4', level: 0 },
  { placement: 'bar_downbeat', label: 'click on 1 of each bar only', level: 1 },
  { placement: 'offbeat', label: 'click on the & of every beat', level: 2 },
];
const pulsePlacement = comboFamily({
  index: FAMILY_BLOCKS.timing + 4,
  key: 'timing-pulse-placement',
  slowPractice: true,
  focus: 'timing',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 2 },
  tempo: [60, 140],
  minLevel: 1,
  span: 5,
  bases: PLACEMENTS.map((p) => layer(p.label, {}, p.level)),
  variations: MATERIAL,
  click: ({ base }) => ({
    placement: PLACEMENTS.find((p) => p.label === base.label)?.placement ?? 'beat',
    mutedBars: [],
  }),
  practiceTime: 4,
  repetitions: 16,
  name: ({ base, variation, bpm }) => `Pulse placement — ${base.label}, ${variation.label}, ${bpm} bpm`,
  describe: (context) => [
    `Play ${context.variation.label} while the metronome sounds only as a ${context.base.label}.`,
    'First just count and clap with the click until you hear it in its new place, then play. The click is no longer the beat, so you have to carry the quarter notes yourself.',
    'When this feels easy, the same tempo with a normal click will feel rock solid.',
    `Tempo ${context.bpm} bpm, ${context.repetitions} times through the two bars.`,
  ],
});

/** Tempo holding: slow tempi, where rushing is most tempting. */
const SLOW_MATERIAL: Layer[] = MATERIAL.slice(0, 3);
const tempoHolding = comboFamily({
  index: FAMILY_BLOCKS.timing + 5,
  key: 'timing-slow-tempo',
  focus: 'timing',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 4 },
  tempo: [56, 40],
  minLevel: 1,
  span: 7,
  bases: [
    layer('click on every beat', {}),
    layer('click on 1 of every bar', {}, 1),
    layer('click on every beat, bars 3 and 4 silent', {}, 2),
  ],
  variations: SLOW_MATERIAL,
  click: ({ base }) =>
    base.label.startsWith('click on 1')
      ? { placement: 'bar_downbeat', mutedBars: [] }
      : { placement: 'beat', mutedBars: base.label.includes('silent') ? [2, 3] : [] },
  practiceTime: 5,
  repetitions: 8,
  name: ({ base, variation, bpm }) => `Slow tempo control — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `Tempo holding at a slow ${context.bpm} bpm: ${context.variation.label}, with ${context.base.label}.`,
    'Slow tempi are harder than fast ones: the space between the notes invites you to rush. Subdivide each beat in your head so every gap is filled with counted time.',
    'Breathe out slowly through each bar and let the stick travel the full distance instead of waiting on the head.',
    `Play the four bars ${context.repetitions} times in a row.`,
  ],
});

export const timingFamilies: ExerciseFamily[] = [
  gapClick,
  binaryGrids,
  ternaryGrids,
  displacement,
  pulsePlacement,
  tempoHolding,
];
