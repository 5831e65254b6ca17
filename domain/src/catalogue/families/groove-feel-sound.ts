import type { ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS } from '../family.js';
import { comboFamily, layer } from '../combo-family.js';
import type { ComboContext, Layer } from '../combo-family.js';
import { countingFor } from '../grid.js';
import { countsByBar, noteValuesText, voicesOf } from '../notation-text.js';

const BAR_16THS = { beats: 4, beatUnit: 4, subdivision: 4, bars: 1 } as const;

const tempoPlan = ({ bpm, repetitions }: ComboContext): string =>
  `Play it ${repetitions} times at ${bpm} bpm. Record a minute and listen back: the sound you hear on the recording is the one your audience hears.`;

const REST_BAR = '---- ---- ---- ----';

const swapHands = (sticking: string): string =>
  sticking.replace(/[RL]/g, (hand) => (hand === 'R' ? 'L' : 'R'));

/** Repeats one bar per entry: `bars(['x-x-', 'X-X-'])` gives a two-bar pattern. */
const bars = (...perBar: string[]): string => perBar.join('|');

/** 90: ghost-note control around a steady backbeat. */
const GHOST_PATTERNS: Layer[] = [
  layer('ghost on 2a', { snare: '---- X--g ---- X---' }),
  layer('ghost on 4a', { snare: '---- X--- ---- X--g' }),
  layer('ghosts on 1a and 3a', { snare: '---g X--- ---g X---' }),
  layer('ghosts on 2e and 4e', { snare: '---- Xg-- ---- Xg--' }, 1),
  layer('ghosts on 1e, 2a and 3e', { snare: '-g-- X--g -g-- X---' }, 1),
  layer('ghosts on every a', { snare: '---g X--g ---g X--g' }, 1),
  layer('ghosts on 1e, 1a, 3e and 3a', { snare: '-g-g X--- -g-g X---' }, 2),
  layer('ghosts filling every free 16th', { snare: 'gggg Xggg gggg Xggg' }, 3),
  layer('ghost drag into 2 and 4', { snare: '--gg X--- --gg X---' }, 2),
  layer('ghosts on 2e, 2a, 4e and 4a', { snare: '---- Xg-g ---- Xg-g' }, 2),
];
const ghostNotes = comboFamily({
  index: FAMILY_BLOCKS.grooveFeel,
  key: 'feel-ghost-notes',
  slowPractice: true,
  focus: 'groove_feel_sound',
  grid: BAR_16THS,
  tempo: [64, 112],
  minLevel: 2,
  span: 4,
  bases: [
    layer('hi-hat 8ths, bass drum 1 and 3', {
      hi_hat: 'x-x- x-x- x-x- x-x-',
      bass_drum: 'x--- ---- x--- ----',
    }),
    layer('hi-hat 8ths, bass drum 1, 2& and 3', {
      hi_hat: 'x-x- x-x- x-x- x-x-',
      bass_drum: 'x--- --x- x--- ----',
    }),
    layer(
      'hi-hat 16ths, bass drum 1 and 3&',
      { hi_hat: 'xxxx xxxx xxxx xxxx', bass_drum: 'x--- ---- --x- ----' },
      1,
    ),
  ],
  variations: GHOST_PATTERNS,
  practiceTime: 5,
  repetitions: 32,
  name: ({ base, variation, bpm }) => `Ghost-note control — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `Sound and touch: a groove with ${context.base.label}, a full backbeat on 2 and 4, and ${context.variation.label} on the snare.`,
    'A ghost note is played from no more than an inch above the head with a relaxed hand; the backbeat comes from full height. The difference between the two is what makes a groove breathe.',
    'If the ghost notes creep up in volume, play them with only the weight of the stick and keep the backbeat where it is.',
    `Count "${countingFor(4, 4)}" and make sure the ghosts sit on the 16th grid and do not rush.`,
    tempoPlan(context),
  ],
});

/** 91: hi-hat dynamics and articulation over a fixed bass drum and snare. */
const HAT_DYNAMICS: Layer[] = [
  layer('hi-hat accents on the beat', { hi_hat: 'X-x- X-x- X-x- X-x-' }),
  layer('hi-hat accents on the &', { hi_hat: 'x-X- x-X- x-X- x-X-' }),
  layer('even hi-hat, no accents, bow of the stick', { hi_hat: 'x-x- x-x- x-x- x-x-' }),
  layer('hi-hat 16ths accented on the beat', { hi_hat: 'Xxxx Xxxx Xxxx Xxxx' }, 1),
  layer('hi-hat 16ths accented on the &', { hi_hat: 'xxXx xxXx xxXx xxXx' }, 1),
  layer('open hi-hat on 2& and 4&', { hi_hat: 'x-x- x-o- x-x- x-o-' }, 1),
  layer('open hi-hat on every &', { hi_hat: 'x-o- x-o- x-o- x-o-' }, 1),
  layer('hi-hat 16ths, accents on 1, 1a, 2&', { hi_hat: 'XxxX xxXx XxxX xxXx' }, 2),
];
const hiHatDynamics = comboFamily({
  index: FAMILY_BLOCKS.grooveFeel + 1,
  key: 'feel-hi-hat-dynamics',
  slowPractice: true,
  focus: 'groove_feel_sound',
  grid: BAR_16THS,
  tempo: [68, 128],
  minLevel: 1,
  span: 4,
  bases: [
    layer('bass drum 1 and 3, snare 2 and 4', {
      bass_drum: 'x--- ---- x--- ----',
      snare: '---- x--- ---- x---',
    }),
    layer('four on the floor, snare 2 and 4', {
      bass_drum: 'x--- x--- x--- x---',
      snare: '---- x--- ---- x---',
    }),
  ],
  variations: HAT_DYNAMICS,
  practiceTime: 4,
  repetitions: 32,
  name: ({ base, variation, bpm }) => `Hi-hat dynamics — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `A simple groove (${context.base.label}) where all the attention goes to the hi-hat: ${context.variation.label}.`,
    'Accents on the hi-hat come from the shoulder of the stick on the edge, soft notes from the tip on the top; keep the foot firmly closed except for the open notes, and close exactly on the next note.',
    'Balance the kit: the hi-hat should never be louder than the snare backbeat.',
    tempoPlan(context),
  ],
});

/** 92: cross-stick against snare, two bars each, at ballad tempi. */
const rimClicks = comboFamily({
  index: FAMILY_BLOCKS.grooveFeel + 2,
  key: 'feel-rim-clicks',
  slowPractice: true,
  focus: 'groove_feel_sound',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 4 },
  tempo: [58, 96],
  minLevel: 1,
  span: 4,
  bases: [
    layer('hi-hat 8ths', { hi_hat: 'x-x- x-x- x-x- x-x-' }),
    layer('ride 8ths', { ride: 'x-x- x-x- x-x- x-x-' }),
    layer('hi-hat quarters', { hi_hat: 'x--- x--- x--- x---' }),
  ],
  variations: [
    layer('bass drum 1 and 3', { bass_drum: 'x--- ---- x--- ----' }),
    layer('bass drum 1 and 2&', { bass_drum: 'x--- --x- ---- ----' }),
    layer('bass drum 1, 2& and 3', { bass_drum: 'x--- --x- x--- ----' }),
    layer('bass drum 1, 3 and 3&', { bass_drum: 'x--- ---- x-x- ----' }, 1),
    layer('bass drum 1, 1& and 3a', { bass_drum: 'x-x- ---- ---x ----' }, 2),
  ].map((variation) => ({
    ...variation,
    parts: {
      ...variation.parts,
      rim_click: bars('---- x--- ---- x---', '---- x--- ---- x---', REST_BAR, REST_BAR),
      snare: bars(REST_BAR, REST_BAR, '---- x--- ---- x---', '---- x--- ---- x---'),
    },
  })),
  practiceTime: 5,
  repetitions: 12,
  name: ({ base, variation, bpm }) => `Cross-stick to snare — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `A ballad groove (${context.base.label}, ${context.variation.label}): two bars with a cross-stick on 2 and 4, then two bars with the full snare, like going from verse to chorus.`,
    'For the cross-stick lay the stick across the snare with the butt end about a hand-width over the rim and click it against the rim; find the sweet spot that gives a woody "tock".',
    `The switch must not change the tempo or the volume of the ${voicesOf(context.notation).has('ride') ? 'ride' : 'hi-hat'} and bass drum: only the colour of the backbeat changes.`,
    tempoPlan(context),
  ],
});

/** 93: the same groove at changing volume, bar by bar (ghost = soft, plain = medium, accent = loud). */
const DYNAMIC_SHAPES: Layer[] = [
  layer('crescendo over four bars', {
    hi_hat: bars('g-g- g-g- g-g- g-g-', 'x-x- x-x- x-x- x-x-', 'x-x- x-x- x-x- x-x-', 'X-X- X-X- X-X- X-X-'),
    snare: bars('---- g--- ---- g---', '---- x--- ---- x---', '---- X--- ---- X---', '---- X--- ---- X---'),
  }),
  layer('decrescendo over four bars', {
    hi_hat: bars('X-X- X-X- X-X- X-X-', 'x-x- x-x- x-x- x-x-', 'x-x- x-x- x-x- x-x-', 'g-g- g-g- g-g- g-g-'),
    snare: bars('---- X--- ---- X---', '---- X--- ---- X---', '---- x--- ---- x---', '---- g--- ---- g---'),
  }),
  layer('soft verse, loud chorus', {
    hi_hat: bars('g-g- g-g- g-g- g-g-', 'g-g- g-g- g-g- g-g-', 'X-X- X-X- X-X- X-X-', 'X-X- X-X- X-X- X-X-'),
    snare: bars('---- x--- ---- x---', '---- x--- ---- x---', '---- X--- ---- X---', '---- X--- ---- X---'),
  }),
  layer(
    'loud, then subito piano',
    {
      hi_hat: bars(
        'X-X- X-X- X-X- X-X-',
        'X-X- X-X- X-X- X-X-',
        'g-g- g-g- g-g- g-g-',
        'g-g- g-g- g-g- g-g-',
      ),
      snare: bars('---- X--- ---- X---', '---- X--- ---- X---', '---- g--- ---- g---', '---- g--- ---- g---'),
    },
    1,
  ),
  layer('whisper groove throughout', { hi_hat: 'g-g- g-g- g-g- g-g-', snare: '---- g--- ---- g---' }, 1),
];
const volumeControl = comboFamily({
  index: FAMILY_BLOCKS.grooveFeel + 3,
  key: 'feel-volume',
  slowPractice: true,
  focus: 'groove_feel_sound',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 4 },
  tempo: [66, 120],
  minLevel: 1,
  span: 5,
  bases: [
    layer('bass drum 1 and 3', { bass_drum: 'x--- ---- x--- ----' }),
    layer('bass drum 1, 2& and 3', { bass_drum: 'x--- --x- x--- ----' }),
    layer('bass drum 1, 1& and 3&', { bass_drum: 'x-x- ---- --x- ----' }, 1),
  ],
  variations: DYNAMIC_SHAPES,
  practiceTime: 5,
  repetitions: 12,
  name: ({ base, variation, bpm }) =>
    `Playing at different volumes — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `An 8th-note rock groove (${context.base.label}) played as a ${context.variation.label}: ghosted notes are very soft, plain notes medium, accented notes loud.`,
    'Volume comes from stick height, not from squeezing: about 2 inches for soft, 6 for medium, 12 for loud. The bass drum follows the hands with the same dynamic.',
    'The classic trap: getting louder makes you rush and getting softer makes you drag. Keep the tempo exactly where it is.',
    tempoPlan(context),
  ],
});

/** 94: feel shifts on a sextuplet grid, where straight 8ths (0, 3) and swung 8ths (0, 4) both fit. */
const FEEL_SHIFTS: Layer[] = [
  layer('straight to swung', {
    hi_hat: bars(
      'x--x-- x--x-- x--x-- x--x--',
      'x--x-- x--x-- x--x-- x--x--',
      'x---x- x---x- x---x- x---x-',
      'x---x- x---x- x---x- x---x-',
    ),
  }),
  layer('swung to straight', {
    hi_hat: bars(
      'x---x- x---x- x---x- x---x-',
      'x---x- x---x- x---x- x---x-',
      'x--x-- x--x-- x--x-- x--x--',
      'x--x-- x--x-- x--x-- x--x--',
    ),
  }),
  layer(
    'straight, half-time, straight',
    {
      hi_hat: 'x--x-- x--x-- x--x-- x--x--',
      snare: bars(
        '------ x----- ------ x-----',
        '------ ------ x----- ------',
        '------ ------ x----- ------',
        '------ x----- ------ x-----',
      ),
    },
    1,
  ),
  layer(
    'triplet feel to 16th-note triplets',
    {
      hi_hat: bars(
        'x-x-x- x-x-x- x-x-x- x-x-x-',
        'x-x-x- x-x-x- x-x-x- x-x-x-',
        'xxxxxx xxxxxx xxxxxx xxxxxx',
        'xxxxxx xxxxxx xxxxxx xxxxxx',
      ),
    },
    2,
    { sticking: { hi_hat: 'R' } },
  ),
];
const feelShifts = comboFamily({
  index: FAMILY_BLOCKS.grooveFeel + 4,
  key: 'feel-shifts',
  slowPractice: true,
  focus: 'groove_feel_sound',
  grid: { beats: 4, beatUnit: 4, subdivision: 6, bars: 4 },
  tempo: [66, 120],
  minLevel: 2,
  span: 4,
  bases: [
    layer('bass drum 1 and 3, snare 2 and 4', {
      bass_drum: 'x----- ------ x----- ------',
      snare: '------ x----- ------ x-----',
    }),
    layer('bass drum on every beat, snare 2 and 4', {
      bass_drum: 'x----- x----- x----- x-----',
      snare: '------ x----- ------ x-----',
    }),
  ],
  variations: FEEL_SHIFTS,
  practiceTime: 6,
  repetitions: 8,
  name: ({ base, variation, bpm }) => `Feel shift — ${variation.label}, ${base.label}, ${bpm} bpm`,
  describe: (context) => [
    `Four bars that change the feel (${context.variation.label}) over a steady ${context.base.label}. Every bar is written on the same 16th-note-triplet grid, so ${noteValuesText(context.notation)} sit side by side.`,
    'The pulse never changes, only the way it is divided: keep the quarter notes locked to the click and let the subdivision change on the bar line.',
    `${countsByBar(context.notation)}.`,
    tempoPlan(context),
  ],
});

/** 95: touch on the pad: stroke types (full, down, tap, up) that shape every sound on the kit. */
const STROKES: Layer[] = [
  layer('full strokes, quarter notes', { pad: 'X--- X--- X--- X---' }, 0, { sticking: { pad: 'RL' } }),
  layer('down-up strokes, accents on the beat', { pad: 'Xxxx Xxxx Xxxx Xxxx' }, 0, {
    sticking: { pad: 'RLRL' },
  }),
  layer('3-3-2 accents', { pad: 'XxxX xxXx XxxX xxXx' }, 1, { sticking: { pad: 'RL' } }),
  layer('two heights, eight on a hand', { pad: 'XXXX XXXX xxxx xxxx' }, 0, {
    sticking: { pad: 'RRRRRRRRLLLLLLLL' },
  }),
  layer('legato strokes, even volume', { pad: 'xxxx xxxx xxxx xxxx' }, 0, { sticking: { pad: 'RL' } }),
  layer('ghost to accent ladder', { pad: 'gggg xxxx XXXX xxxx' }, 1, { sticking: { pad: 'RL' } }),
];
const touch = comboFamily({
  index: FAMILY_BLOCKS.grooveFeel + 5,
  key: 'feel-touch-pad',
  slowPractice: true,
  focus: 'groove_feel_sound',
  grid: BAR_16THS,
  tempo: [60, 116],
  minLevel: 1,
  span: 4,
  padSufficient: true,
  bases: [layer('on the pad', {})],
  variations: STROKES.flatMap((stroke) => [
    { ...stroke, label: `${stroke.label}, right lead` },
    {
      ...stroke,
      label: `${stroke.label}, left lead`,
      level: stroke.level + 1,
      sticking: { pad: swapHands(stroke.sticking?.pad ?? 'RL') },
    },
  ]),
  practiceTime: 4,
  repetitions: 24,
  name: ({ variation, bpm }) => `Touch on the pad — ${variation.label}, ${bpm} bpm`,
  describe: (context) => [
    `Sound starts with touch: ${context.variation.label} on the practice pad, sticking ${context.variation.sticking?.pad ?? 'R L'} repeated.`,
    'A full stroke starts high and comes back high, a down-stroke starts high and stops low, a tap stays low, an up-stroke starts low and lifts the stick for the next accent.',
    'Let the stick rebound freely: squeezing kills the tone on a drum and shows up as a thin, choked sound.',
    tempoPlan(context),
  ],
});

export const grooveFeelFamilies: ExerciseFamily[] = [
  ghostNotes,
  hiHatDynamics,
  rimClicks,
  volumeControl,
  feelShifts,
  touch,
];
