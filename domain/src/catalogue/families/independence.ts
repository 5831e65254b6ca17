import type { ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS } from '../family.js';
import { SIXTEENTH_CELLS, comboFamily, layer } from '../combo-family.js';
import type { ComboContext, Layer } from '../combo-family.js';
import { SUBDIVISION_NAMES } from '../grid.js';
import { countingOf, voicesOf } from '../notation-text.js';

const BAR_16THS = { beats: 4, beatUnit: 4, subdivision: 4, bars: 1 } as const;

const STEPS =
  'Build it up in steps: play the ostinato alone until it runs by itself, then add the other part very slowly, and only then bring the tempo up.';
const LISTEN =
  'Listen for notes that should land together: two limbs on the same step must sound as one, never as a flam.';

const tempoPlan = ({ bpm, repetitions, grid }: ComboContext): string =>
  `Start at ${bpm} bpm and loop the ${grid.bars === 1 ? 'bar' : `${grid.bars} bars`} ${repetitions} times; if the ostinato changes even once, slow down by 10 bpm.`;

const count = ({ notation }: ComboContext): string =>
  `Count "${countingOf(notation)}" out loud: counting keeps both parts anchored to the same grid.`;

/** 60: foot ostinatos under hand patterns on the snare. */
const FOOT_OSTINATOS: Layer[] = [
  layer('bass drum quarters', { bass_drum: 'x--- x--- x--- x---' }),
  layer('bass drum 1 and 3, hi-hat foot 2 and 4', {
    bass_drum: 'x--- ---- x--- ----',
    hi_hat_foot: '---- x--- ---- x---',
  }),
  layer(
    'hi-hat foot on the &s, bass drum quarters',
    { bass_drum: 'x--- x--- x--- x---', hi_hat_foot: '--x- --x- --x- --x-' },
    1,
  ),
  layer('bass drum 8ths', { bass_drum: 'x-x- x-x- x-x- x-x-' }, 1),
  layer('samba feet', { bass_drum: 'x--x x--x x--x x--x', hi_hat_foot: '--x- --x- --x- --x-' }, 2),
  layer('tresillo bass drum', { bass_drum: 'x--x --x- x--x --x-' }, 2),
];
const HAND_PATTERNS: Layer[] = [
  layer('snare 8ths', { snare: 'x-x- x-x- x-x- x-x-' }, 0, { sticking: { snare: 'RL' } }),
  layer('snare 16th singles', { snare: 'xxxx xxxx xxxx xxxx' }, 1, { sticking: { snare: 'RL' } }),
  layer('snare paradiddles', { snare: 'Xxxx Xxxx Xxxx Xxxx' }, 1, { sticking: { snare: 'RLRRLRLL' } }),
  layer('snare double strokes', { snare: 'xxxx xxxx xxxx xxxx' }, 1, { sticking: { snare: 'RRLL' } }),
  layer('syncopated snare rhythm', { snare: 'x--x --x- --x- x---' }, 1, { sticking: { snare: 'RL' } }),
  layer('16ths accented on the &', { snare: 'xxXx xxXx xxXx xxXx' }, 2, { sticking: { snare: 'RL' } }),
  layer('16ths accented on the e', { snare: 'xXxx xXxx xXxx xXxx' }, 3, { sticking: { snare: 'RL' } }),
  layer('16ths accented on the a', { snare: 'xxxX xxxX xxxX xxxX' }, 3, { sticking: { snare: 'RL' } }),
  layer('snare quarter notes', { snare: 'x--- x--- x--- x---' }, 0, { sticking: { snare: 'RL' } }),
  layer('snare on the &s', { snare: '--x- --x- --x- --x-' }, 0, { sticking: { snare: 'RL' } }),
];

const footOstinatos = comboFamily({
  index: FAMILY_BLOCKS.independence,
  key: 'independence-foot-ostinatos',
  slowPractice: true,
  focus: 'independence',
  grid: BAR_16THS,
  tempo: [56, 126],
  minLevel: 1,
  span: 3,
  bases: FOOT_OSTINATOS,
  variations: HAND_PATTERNS,
  practiceTime: 5,
  repetitions: 24,
  name: ({ base, variation, bpm }) => `Foot ostinato: ${base.label} — hands: ${variation.label}, ${bpm} bpm`,
  describe: (context) => [
    `Independence between feet and hands: the feet play the ostinato "${context.base.label}" without ever changing, while the hands play ${context.variation.label} on the snare.`,
    STEPS,
    count(context),
    LISTEN,
    tempoPlan(context),
  ],
});

/** 61: a hand ostinato over every 16th-note bass drum cell. */
const HAND_OSTINATOS: Layer[] = [
  layer('hi-hat 8ths, snare 2 and 4', { hi_hat: 'x-x- x-x- x-x- x-x-', snare: '---- x--- ---- x---' }),
  layer('ride quarters, snare 2 and 4', { ride: 'x--- x--- x--- x---', snare: '---- x--- ---- x---' }),
  layer('hi-hat 16ths, snare 2 and 4', { hi_hat: 'xxxx xxxx xxxx xxxx', snare: '---- x--- ---- x---' }, 1),
  layer('ride quarters, snare on every &', { ride: 'x--- x--- x--- x---', snare: '--x- --x- --x- --x-' }, 2),
  layer('hi-hat quarters, snare 2 and 4', { hi_hat: 'x--- x--- x--- x---', snare: '---- x--- ---- x---' }),
];
const BASS_CELLS: Layer[] = SIXTEENTH_CELLS.map((cell) =>
  layer(
    `bass drum on ${cell.label} of every beat`,
    { bass_drum: cell.cell },
    (cell.syncopated ? 1 : 0) + (cell.size >= 3 ? 1 : 0),
  ),
);

const handOstinatos = comboFamily({
  index: FAMILY_BLOCKS.independence + 1,
  key: 'independence-hand-ostinatos',
  slowPractice: true,
  focus: 'independence',
  grid: BAR_16THS,
  tempo: [60, 132],
  minLevel: 1,
  span: 3,
  bases: HAND_OSTINATOS,
  variations: BASS_CELLS,
  practiceTime: 4,
  repetitions: 24,
  name: ({ base, variation, bpm }) => `Hand ostinato: ${base.label} — ${variation.label}, ${bpm} bpm`,
  describe: (context) => [
    `The hands keep the ostinato "${context.base.label}" going while the bass drum plays on ${context.variation.label.replace('bass drum on ', '')}.`,
    'This is one cell of a complete bass drum grid: once it is easy, move on to the next cell so every 16th position becomes natural for the foot.',
    STEPS,
    count(context),
    LISTEN,
    tempoPlan(context),
  ],
});

/** 62: jazz comping (snare and bass drum) against the ride pattern. */
const TRIPLET_NAMES = [
  '1',
  '1 trip',
  '1 let',
  '2',
  '2 trip',
  '2 let',
  '3',
  '3 trip',
  '3 let',
  '4',
  '4 trip',
  '4 let',
];
const placeOnTriplets = (position: number): string =>
  Array.from({ length: 12 }, (_, i) => (i === position ? 'x' : '-')).join('');
const COMPING: Layer[] = [
  ...TRIPLET_NAMES.map((name, i) =>
    layer(`snare on ${name}`, { snare: placeOnTriplets(i) }, i % 3 === 1 ? 1 : 0),
  ),
  ...TRIPLET_NAMES.map((name, i) =>
    layer(`bass drum on ${name}`, { bass_drum: placeOnTriplets(i) }, i % 3 === 1 ? 2 : 1),
  ),
  layer('snare on 2 let and 4 let', { snare: '--- --x --- --x' }),
  layer('snare on 1 let, bass drum on 3 let', { snare: '--x --- --- ---', bass_drum: '--- --- --x ---' }, 1),
  layer('Charleston rhythm on the snare', { snare: 'x-- --- --x ---' }),
  layer('reverse Charleston on the snare', { snare: '--x --- x-- ---' }, 1),
  layer('snare and bass drum trading lets', { snare: '--x --- --x ---', bass_drum: '--- --x --- --x' }, 2),
  layer(
    'triplet chain: snare, bass drum on every let',
    { snare: '-x- -x- -x- -x-', bass_drum: '--x --x --x --x' },
    3,
  ),
];
const jazzComping = comboFamily({
  index: FAMILY_BLOCKS.independence + 2,
  key: 'independence-jazz-comping',
  slowPractice: true,
  focus: 'independence',
  grid: { beats: 4, beatUnit: 4, subdivision: 3, bars: 1 },
  tempo: [96, 220],
  minLevel: 3,
  span: 3,
  bases: [
    layer('ride pattern, hi-hat foot 2 and 4', { ride: 'x-- x-x x-- x-x', hi_hat_foot: '--- x-- --- x--' }),
    layer(
      'ride pattern, hi-hat foot on every beat',
      { ride: 'x-- x-x x-- x-x', hi_hat_foot: 'x-- x-- x-- x--' },
      1,
    ),
  ],
  variations: COMPING,
  practiceTime: 4,
  repetitions: 32,
  name: ({ base, variation, bpm }) => `Jazz comping: ${variation.label} — ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `Jazz independence in ${SUBDIVISION_NAMES[3]}: the right hand plays the swinging ride pattern and the hi-hat foot keeps the "chick", while you comp ${context.variation.label}.`,
    'The comping notes are conversation, not time-keeping: play them softer than the ride and never let them pull the ride pattern out of shape.',
    count(context),
    LISTEN,
    tempoPlan(context),
  ],
});

/** 63: clave in the left hand against right-hand and foot patterns. */
const CLAVES: Layer[] = [
  layer('son clave 3-2', { rim_click: 'x--- --x- ---- x--- | ---- x--- x--- ----' }),
  layer('son clave 2-3', { rim_click: '---- x--- x--- ---- | x--- --x- ---- x---' }),
  layer('rumba clave 3-2', { rim_click: 'x--- --x- ---- --x- | ---- x--- x--- ----' }, 1),
  layer('rumba clave 2-3', { rim_click: '---- x--- x--- ---- | x--- --x- ---- --x-' }, 1),
];
const LATIN_LAYERS: Layer[] = [
  layer('ride 8ths, bass drum tumbao', { ride: 'x-x- x-x- x-x- x-x-', bass_drum: '---- --x- ---- x---' }),
  layer('ride bell quarters, bass drum tumbao', {
    ride_bell: 'x--- x--- x--- x---',
    bass_drum: '---- --x- ---- x---',
  }),
  layer(
    'cascara on the ride, bass drum tumbao',
    { ride: 'x-xx -x-x x-xx -x-x', bass_drum: '---- --x- ---- x---' },
    1,
  ),
  layer(
    'ride 8ths, bass drum quarters, hi-hat foot on the &s',
    { ride: 'x-x- x-x- x-x- x-x-', bass_drum: 'x--- x--- x--- x---', hi_hat_foot: '--x- --x- --x- --x-' },
    1,
  ),
  layer(
    'cascara, bass drum tumbao, hi-hat foot 2 and 4',
    { ride: 'x-xx -x-x x-xx -x-x', bass_drum: '---- --x- ---- x---', hi_hat_foot: '---- x--- ---- x---' },
    2,
  ),
];
const claveIndependence = comboFamily({
  index: FAMILY_BLOCKS.independence + 3,
  key: 'independence-clave',
  slowPractice: true,
  focus: 'independence',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 2 },
  tempo: [80, 140],
  minLevel: 3,
  span: 4,
  bases: CLAVES,
  variations: LATIN_LAYERS,
  practiceTime: 6,
  repetitions: 16,
  name: ({ base, variation, bpm }) => `Clave independence: ${base.label} — ${variation.label}, ${bpm} bpm`,
  describe: (context) => [
    `Afro-Cuban four-way coordination: the left hand plays the ${context.base.label} as a cross-stick, the right hand and feet play ${context.variation.label}.`,
    'The clave is the backbone of the music: sing it before you play it, and keep it steady when the other limbs get busy.',
    STEPS,
    count(context),
    tempoPlan(context),
  ],
});

/** 64: the left hand reads rhythms against a right-hand and bass drum ostinato. */
const LEFT_HAND_CELLS: Layer[] = SIXTEENTH_CELLS.map((cell) =>
  layer(
    `left hand on ${cell.label}`,
    { snare: cell.cell },
    (cell.syncopated ? 1 : 0) + (cell.size >= 3 ? 1 : 0),
    {
      sticking: { snare: 'L' },
    },
  ),
);
const leftHandReading = comboFamily({
  index: FAMILY_BLOCKS.independence + 4,
  key: 'independence-left-hand',
  slowPractice: true,
  focus: 'independence',
  grid: BAR_16THS,
  tempo: [60, 126],
  minLevel: 2,
  span: 3,
  bases: [
    layer('ride quarters, bass drum quarters', {
      ride: 'x--- x--- x--- x---',
      bass_drum: 'x--- x--- x--- x---',
    }),
    layer('hi-hat 8ths, bass drum 1 and 3', {
      hi_hat: 'x-x- x-x- x-x- x-x-',
      bass_drum: 'x--- ---- x--- ----',
    }),
    layer(
      'ride 8ths, bass drum and hi-hat foot alternating',
      { ride: 'x-x- x-x- x-x- x-x-', bass_drum: 'x--- ---- x--- ----', hi_hat_foot: '---- x--- ---- x---' },
      1,
    ),
  ],
  variations: LEFT_HAND_CELLS,
  practiceTime: 4,
  repetitions: 24,
  name: ({ base, variation, bpm }) =>
    `Left-hand independence: ${variation.label} — ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `The right hand and feet play "${context.base.label}" as an ostinato, and the left hand plays the snare ${context.variation.label.replace('left hand ', '')} of every beat.`,
    `Keep the left-hand notes at an even medium volume; when they fall between ${voicesOf(context.notation).has('ride') ? 'ride' : 'hi-hat'} notes, feel where they sit in the 16th grid instead of guessing.`,
    count(context),
    LISTEN,
    tempoPlan(context),
  ],
});

export const independenceFamilies: ExerciseFamily[] = [
  footOstinatos,
  handOstinatos,
  jazzComping,
  claveIndependence,
  leftHandReading,
];
