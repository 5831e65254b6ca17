import type { LevelIndex } from '../../rules/levels.js';
import type { Notation, Voice } from '../exercise.js';
import type { ExerciseDraft, ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS, sentences, slotOf } from '../family.js';
import { notation } from '../grid.js';
import type { Grid } from '../grid.js';
import { TIMEKEEPERS, kitNotes, linearParts } from '../kit.js';
import type { KitParts } from '../kit.js';
import { countingOf, isShuffle, noteValuesText, VOICE_NAMES, voicesOf } from '../notation-text.js';
import { levelRange, levelsFrom, roundBpm, tempoForLevel } from '../tempo.js';

export interface GrooveVariation {
  label: string;
  parts: KitParts;
  /** Levels above the style's first level at which this variation is introduced. */
  levelOffset: number;
  sticking?: Partial<Record<Voice, string>>;
  tip?: string;
}

export interface GrooveStyle {
  key: string;
  name: string;
  grid: Omit<Grid, 'bars'>;
  bars: 1 | 2;
  /** Tempo at starter and at absolute_pro; the level tempo is interpolated. */
  tempo: [number, number];
  minLevel: LevelIndex;
  base: KitParts;
  timekeepers: GrooveVariation[];
  variations: GrooveVariation[];
  /** How it should sound, said of the voices this groove plays. */
  feel: string | ((voices: ReadonlySet<Voice>) => string);
}

const v = (
  label: string,
  parts: KitParts,
  levelOffset = 0,
  extra: Partial<GrooveVariation> = {},
): GrooveVariation => ({
  label,
  parts,
  levelOffset,
  ...extra,
});

const FOUR_FOUR = { beats: 4, beatUnit: 4, subdivision: 4 } as const;
const SWING = { beats: 4, beatUnit: 4, subdivision: 3 } as const;

const ROCK_BASS = [
  v('bass drum on 1 and 3', { bass_drum: 'x--- ---- x--- ----' }),
  v('bass drum on 1, 3 and 3&', { bass_drum: 'x--- ---- x-x- ----' }),
  v('bass drum on 1, 1& and 3', { bass_drum: 'x-x- ---- x--- ----' }),
  v('bass drum on 1, 2& and 3', { bass_drum: 'x--- --x- x--- ----' }),
  v('bass drum on 1, 3 and 4&', { bass_drum: 'x--- ---- x--- --x-' }),
  v('four on the floor', { bass_drum: 'x--- x--- x--- x---' }),
  v('bass drum on 1, 1&, 3 and 3&', { bass_drum: 'x-x- ---- x-x- ----' }, 1),
  v('bass drum on 1, the a of 2 and 3', { bass_drum: 'x--- ---x x--- ----' }, 2),
  v('bass drum on 1, 3e and 3&', { bass_drum: 'x--- ---- xx-- ----' }, 2),
  v('bass drum on 1, 2e and 3&', { bass_drum: 'x--- -x-- --x- ----' }, 3),
];

const STYLES: GrooveStyle[] = [
  {
    key: 'rock',
    name: 'Rock groove',
    grid: FOUR_FOUR,
    bars: 1,
    tempo: [72, 144],
    minLevel: 1,
    base: { snare: '---- x--- ---- x---' },
    timekeepers: [
      v('hi-hat 8ths', { hi_hat: 'x-x- x-x- x-x- x-x-' }),
      v('hi-hat quarters', { hi_hat: 'x--- x--- x--- x---' }),
      v('ride 8ths', { ride: 'x-x- x-x- x-x- x-x-' }),
      v('hi-hat 16ths', { hi_hat: 'xxxx xxxx xxxx xxxx' }, 2),
      v('hi-hat 8ths with open hat on 4&', { hi_hat: 'x-x- x-x- x-x- x-o-' }, 1),
    ],
    variations: ROCK_BASS,
    feel: (voices) =>
      `Lean into the backbeat on 2 and 4 with a full, centred snare stroke and keep the ${voices.has('ride') ? 'ride' : 'hi-hat'} a notch softer than the snare.`,
  },
  {
    key: 'funk',
    name: 'Funk groove',
    grid: FOUR_FOUR,
    bars: 1,
    tempo: [76, 118],
    minLevel: 3,
    base: { snare: '---- X--g -g-- X--g' },
    timekeepers: [
      v('hi-hat 16ths', { hi_hat: 'xxxx xxxx xxxx xxxx' }),
      v('hi-hat 8ths', { hi_hat: 'x-x- x-x- x-x- x-x-' }),
      v('hi-hat 8ths with open hat on 2& and 4&', { hi_hat: 'x-x- x-o- x-x- x-o-' }, 1),
    ],
    variations: [
      v('bass drum on 1, 1& and 2a', { bass_drum: 'x-x- ---x ---- ----' }),
      v('bass drum on 1, 2a and 3&', { bass_drum: 'x--- ---x --x- ----' }),
      v('bass drum on 1, 1a and 3', { bass_drum: 'x--x ---- x--- ----' }),
      v('bass drum on 1, 2&, 3& and 4e', { bass_drum: 'x--- --x- --x- -x--' }, 1),
      v('bass drum on 1, 1a, 2&, 3e', { bass_drum: 'x--x --x- -x-- ----' }, 1),
      v('bass drum on 1, 2a, 3 and 4&', { bass_drum: 'x--- ---x x--- --x-' }, 1),
      v('bass drum on 1e, 2&, 3a and 4&', { bass_drum: '-x-- --x- ---x --x-' }, 2),
      v('bass drum on 1, 1a, 3&, 3a', { bass_drum: 'x--x ---- --xx ----' }, 2),
      v('bass drum on 1, 1&, 2a, 3& and 4e', { bass_drum: 'x-x- ---x --x- -x--' }, 2),
      v('bass drum on 1, 2&, 2a and 4', { bass_drum: 'x--- --xx ---- x---' }, 1),
    ],
    feel: 'The ghost notes are whispers, the backbeat is a shout: keep ghosts below an inch of stick height so the groove breathes.',
  },
  {
    key: 'shuffle',
    name: 'Shuffle',
    grid: SWING,
    bars: 1,
    tempo: [80, 156],
    minLevel: 2,
    base: { snare: '--- x-- --- x--' },
    timekeepers: [
      v('hi-hat shuffle', { hi_hat: 'x-x x-x x-x x-x' }),
      v('ride shuffle', { ride: 'x-x x-x x-x x-x' }),
      v(
        'hi-hat shuffle with snare ghosts on the lets',
        { hi_hat: 'x-x x-x x-x x-x', snare: '--g x-g --g x-g' },
        2,
        {
          sticking: { snare: 'L' },
        },
      ),
    ],
    variations: [
      v('bass drum on 1 and 3', { bass_drum: 'x-- --- x-- ---' }),
      v('bass drum on every beat', { bass_drum: 'x-- x-- x-- x--' }),
      v('bass drum on 1, 2let and 3', { bass_drum: 'x-- --x x-- ---' }),
      v('bass drum on 1, 3 and 4let', { bass_drum: 'x-- --- x-- --x' }, 1),
      v('bass drum on 1, 1let, 3 and 3let', { bass_drum: 'x-x --- x-x ---' }, 1),
      v('bass drum on 1, 2let, 3let', { bass_drum: 'x-- --x --x ---' }, 2),
    ],
    feel: 'Let the triplet swing: the note on the "let" is short and light, the downbeat carries the weight.',
  },
  {
    key: 'half_time',
    name: 'Half-time groove',
    grid: FOUR_FOUR,
    bars: 1,
    tempo: [60, 104],
    minLevel: 2,
    base: { snare: '---- ---- X--- ----' },
    timekeepers: [
      v('hi-hat 8ths', { hi_hat: 'x-x- x-x- x-x- x-x-' }),
      v('hi-hat 16ths', { hi_hat: 'xxxx xxxx xxxx xxxx' }, 1),
      v('ride quarters', { ride: 'x--- x--- x--- x---' }),
    ],
    variations: [
      v('bass drum on 1', { bass_drum: 'x--- ---- ---- ----' }),
      v('bass drum on 1 and 2&', { bass_drum: 'x--- --x- ---- ----' }),
      v('bass drum on 1, 1& and 4&', { bass_drum: 'x-x- ---- ---- --x-' }),
      v('bass drum on 1, 2a and 4', { bass_drum: 'x--- ---x ---- x---' }, 1),
      v('bass drum on 1, 2& and 3a', { bass_drum: 'x--- --x- ---x ----' }, 1),
      v('bass drum on 1, 1a, 2& and 4e', { bass_drum: 'x--x --x- ---- -x--' }, 2),
      v('bass drum on 1, 1& and 2a', { bass_drum: 'x-x- ---x ---- ----' }, 1),
      v('bass drum on 1, 2e and 4&', { bass_drum: 'x--- -x-- ---- --x-' }, 2),
    ],
    feel: 'Everything is spread wide: the single backbeat on 3 must sound huge, so let the stick fall from high and do not rush into it.',
  },
  {
    key: 'jazz',
    name: 'Jazz ride',
    grid: SWING,
    bars: 1,
    tempo: [96, 232],
    minLevel: 3,
    // The bass drum "feathers" quarter notes: felt more than heard.
    base: { ride: 'x-- x-x x-- x-x', hi_hat_foot: '--- x-- --- x--', bass_drum: 'g-- g-- g-- g--' },
    timekeepers: [
      v('ride pattern', {}),
      v('ride bell pattern', { ride: '', ride_bell: 'x-- x-x x-- x-x' }, 1),
      v('ride with feathered bass drum on 1 and 3', { bass_drum: 'g-- --- g-- ---' }, 1),
    ],
    variations: [
      v('snare on 2let', { snare: '--- --x --- ---' }),
      v('snare on 4let', { snare: '--- --- --- --x' }),
      v('snare on 1let and 3let', { snare: '--x --- --x ---' }),
      v('snare on 2let and 4let', { snare: '--- --x --- --x' }),
      v('snare on 2let, bass drum on 3let', { snare: '--- --x --- ---', bass_drum: '--- --- --x ---' }, 1),
      v('bass drum on 1let, snare on 3', { bass_drum: '--x --- --- ---', snare: '--- --- x-- ---' }, 1),
      v('snare on 1let, 2let and 4', { snare: '--x --x --- x--' }, 2),
      v(
        'bass drum on 4let, snare on 2let and 3let',
        { snare: '--- --x --x ---', bass_drum: '--- --- --- --x' },
        2,
      ),
    ],
    feel: 'The ride carries the swing: the quarter notes are long and singing, the skip note is soft and tucked close to the next beat, and the hi-hat foot "chick" on 2 and 4 is crisp.',
  },
  {
    key: 'bossa_nova',
    name: 'Bossa nova',
    grid: FOUR_FOUR,
    bars: 2,
    tempo: [104, 160],
    minLevel: 3,
    base: { rim_click: 'x--x --x- --x- -x-- | --x- -x-- x--x ----', bass_drum: 'x--x x--x x--x x--x' },
    timekeepers: [
      v('hi-hat 8ths', { hi_hat: 'x-x- x-x- x-x- x-x-' }),
      v('ride 8ths', { ride: 'x-x- x-x- x-x- x-x-' }),
      v(
        'hi-hat 8ths, hi-hat foot on 2 and 4',
        { hi_hat: 'x-x- x-x- x-x- x-x-', hi_hat_foot: '---- x--- ---- x---' },
        1,
      ),
    ],
    variations: [
      v('cross-stick 3-2 pattern', {}),
      v('cross-stick 2-3 pattern', { rim_click: '--x- -x-- x--x ---- | x--x --x- --x- -x--' }),
      v('bass drum on 1 and 3 only', { bass_drum: 'x--x ---- x--x ----' }),
      v('ride 16ths with accents', { ride: 'Xxxx Xxxx Xxxx Xxxx', hi_hat: '' }, 2),
    ],
    feel: 'Bossa nova is quiet and smooth: the bass drum is a soft heartbeat, the cross-stick a dry click, nothing should sound forced.',
  },
  {
    key: 'samba',
    name: 'Samba',
    grid: FOUR_FOUR,
    bars: 1,
    tempo: [88, 176],
    minLevel: 4,
    // The left hand answers the ride with a cross-stick figure.
    base: {
      bass_drum: 'x--x x--x x--x x--x',
      hi_hat_foot: '--x- --x- --x- --x-',
      rim_click: '---x --x- ---x --x-',
    },
    timekeepers: [
      v('ride 16ths, accents on the a', { ride: 'xxxX xxxX xxxX xxxX' }),
      v('hi-hat 8ths, accents on the &', { hi_hat: 'x-X- x-X- x-X- x-X-' }),
      v('ride 8ths with cross-stick', { ride: 'x-x- x-x- x-x- x-x-', rim_click: 'x--x --x- -x-- x-x-' }, 1),
    ],
    variations: [
      v('surdo bass drum', {}),
      v('bass drum accents on 2 and 4', { bass_drum: 'x--x X--x x--x X--x' }),
      v('partido alto snare accents', { snare: 'x-x- -x-x x-x- -x--', rim_click: '' }, 1),
      v('bass drum on the beat only', { bass_drum: 'x--- x--- x--- x---' }),
    ],
    feel: 'Think in two: the surdo bass drum answers itself, and the 16th-note hand part must flow without bumps.',
  },
  {
    key: 'songo',
    name: 'Songo',
    grid: FOUR_FOUR,
    bars: 2,
    tempo: [88, 132],
    minLevel: 5,
    base: {
      ride_bell: 'x-x- x-x- x-x- x-x-',
      snare: '--gX -g-g --gX -g-g',
      bass_drum: '---- --x- ---- x---',
    },
    timekeepers: [
      v('ride bell 8ths', {}),
      v('cowbell 8ths', { ride_bell: '', cowbell: 'x-x- x-x- x-x- x-x-' }),
      v('hi-hat foot on every beat', { hi_hat_foot: 'x--- x--- x--- x---' }, 1),
    ],
    variations: [
      v('basic songo', {}),
      v('songo with tom accents', { snare: '--g- -g-g --g- -g-g', high_tom: '---X ---- ---X ----' }, 1, {
        sticking: { high_tom: 'L' },
      }),
      v(
        'songo with floor tom bass',
        { floor_tom: '---- ---- ---- ---x', bass_drum: '---- --x- ---- ----' },
        1,
        {
          sticking: { floor_tom: 'L' },
        },
      ),
      v(
        'mozambique bell and bass',
        { cowbell: 'x-x- xx-x -xx- x-x-', ride_bell: '', bass_drum: 'x--- ---- x--- ----' },
        2,
      ),
    ],
    feel: (voices) =>
      `The left hand does most of the talking on the snare${voices.has('high_tom') || voices.has('floor_tom') ? ' and toms' : ''} while the bell keeps marching; keep the accents on the "a" of 1 and 3 clear.`,
  },
  {
    key: 'hip_hop',
    name: 'Hip-hop groove',
    grid: FOUR_FOUR,
    bars: 1,
    tempo: [68, 100],
    minLevel: 2,
    base: { hi_hat: 'x-x- x-x- x-x- x-x-', snare: '---- x--- ---- x---' },
    timekeepers: [
      v('hi-hat 8ths', {}),
      v('hi-hat 16ths', { hi_hat: 'xxxx xxxx xxxx xxxx' }, 1),
      v('hi-hat 8ths with snare ghosts', { snare: '---- x--g -g-- x---' }, 2),
    ],
    variations: [
      v('bass drum on 1 and 2a', { bass_drum: 'x--- ---x ---- ----' }),
      v('bass drum on 1, 1& and 3&', { bass_drum: 'x-x- ---- --x- ----' }),
      v('bass drum on 1, 2a and 3&', { bass_drum: 'x--- ---x --x- ----' }),
      v('bass drum on 1, 1a and 3', { bass_drum: 'x--x ---- x--- ----' }, 1),
      v('bass drum on 1, 3e and 4&', { bass_drum: 'x--- ---- -x-- --x-' }, 1),
      v('bass drum on 1, 2a, 3& and 4a', { bass_drum: 'x--- ---x --x- ---x' }, 2),
      v('bass drum on 1, 1&, 2a and 4&', { bass_drum: 'x-x- ---x ---- --x-' }, 1),
      v('bass drum on 1e, 2& and 3', { bass_drum: '-x-- --x- x--- ----' }, 2),
    ],
    feel: 'Sit back: the snare lands a hair late and fat, the bass drum notes are short and punchy.',
  },
  {
    key: 'reggae',
    name: 'Reggae',
    grid: SWING,
    bars: 1,
    tempo: [64, 96],
    minLevel: 3,
    base: { hi_hat: 'x-x x-x x-x x-x' },
    timekeepers: [
      v('swung hi-hat', {}),
      v('hi-hat on the beats', { hi_hat: 'x-- x-- x-- x--' }),
      v('swung hi-hat with open hat on 4let', { hi_hat: 'x-x x-x x-x x-o' }, 1),
    ],
    variations: [
      v('one drop (rim click and bass drum on 3)', {
        rim_click: '--- --- x-- ---',
        bass_drum: '--- --- x-- ---',
      }),
      v('rockers (bass drum on 1 and 3, rim click on 3)', {
        rim_click: '--- --- x-- ---',
        bass_drum: 'x-- --- x-- ---',
      }),
      v(
        'steppers (bass drum on every beat)',
        { rim_click: '--- --- x-- ---', bass_drum: 'x-- x-- x-- x--' },
        1,
      ),
      v(
        'one drop with snare pickup on 4let',
        { rim_click: '--- --- x-- ---', snare: '--- --- --- --x', bass_drum: '--- --- x-- ---' },
        1,
      ),
    ],
    feel: 'Leave space: in the one drop nothing happens on 1, so the drop on 3 has to feel like the heaviest point of the bar.',
  },
  {
    key: 'metal',
    name: 'Double bass groove',
    grid: FOUR_FOUR,
    bars: 1,
    tempo: [90, 196],
    minLevel: 4,
    base: { snare: '---- X--- ---- X---' },
    timekeepers: [
      v('crash quarters', { crash: 'x--- x--- x--- x---' }),
      v('china quarters', { china: 'x--- x--- x--- x---' }, 1),
      v('ride bell 8ths', { ride_bell: 'x-x- x-x- x-x- x-x-' }),
    ],
    variations: [
      v('double bass 16ths', { bass_drum: 'xxxx xxxx xxxx xxxx' }),
      v('double bass 8ths', { bass_drum: 'x-x- x-x- x-x- x-x-' }),
      v('double bass gallop', { bass_drum: 'x-xx x-xx x-xx x-xx' }, 1),
      v('double bass bursts on 3 and 4', { bass_drum: 'x--- ---- xxxx xxxx' }, 1),
      v('blast beat', { bass_drum: 'x-x- x-x- x-x- x-x-', snare: '-x-x -x-x -x-x -x-x' }, 2),
    ],
    feel: 'Keep both feet at the same volume; the heel stays up and the pedal strokes come from the ankles, not the hips.',
  },
  {
    key: 'linear',
    name: 'Linear groove',
    grid: FOUR_FOUR,
    bars: 1,
    tempo: [68, 112],
    minLevel: 4,
    base: {},
    timekeepers: [v('hi-hat, snare and bass drum', {})],
    variations: [
      v('pattern h-k-S-h', linearParts('hkgh hkgh hkSh hkgh')),
      v('pattern k-h-S-h', linearParts('khgh Shkh khgh Shkh')),
      v('pattern h-h-k-S', linearParts('hhkh Shhk hhkh Shhk')),
      v('pattern k-h-h-S', linearParts('khhg Shhk khhg Shhk'), 1),
      v('pattern h-g-k-h', linearParts('hgkh Sgkh hgkh Sgkh'), 1),
      v('pattern k-g-h-S', linearParts('kghk Shgk kghk Shgh'), 2),
    ],
    feel: 'No two limbs ever play together: listen for an even chain of 16th notes passed from limb to limb.',
  },
  {
    key: 'disco',
    name: 'Disco groove',
    grid: FOUR_FOUR,
    bars: 1,
    tempo: [96, 132],
    minLevel: 2,
    base: { bass_drum: 'x--- x--- x--- x---', snare: '---- x--- ---- x---' },
    timekeepers: [
      v('open hi-hat on every &', { hi_hat: 'x-o- x-o- x-o- x-o-' }),
      v('hi-hat 16ths with open &', { hi_hat: 'xxox xxox xxox xxox' }, 1, { sticking: { hi_hat: 'RLRL' } }),
    ],
    variations: [
      v('four on the floor', {}),
      v('four on the floor, snare on every beat 4&', { snare: '---- x--- ---- x-x-' }),
      v('four on the floor, hi-hat foot on the beats', { hi_hat_foot: 'x--- x--- x--- x---' }, 1),
    ],
    feel: 'The open hat on the "&" must close exactly on the next beat: that "tsss-chick" is the whole style.',
  },
  {
    key: 'twelve_eight',
    name: '12/8 blues groove',
    grid: { beats: 12, beatUnit: 8, subdivision: 2 },
    bars: 1,
    tempo: [132, 216],
    minLevel: 3,
    base: { snare: '---- --x- ---- ---- --x- ----' },
    timekeepers: [
      v('ride 8ths', { ride: 'x-x- x-x- x-x- x-x- x-x- x-x-' }),
      v('hi-hat 8ths', { hi_hat: 'x-x- x-x- x-x- x-x- x-x- x-x-' }),
    ],
    variations: [
      v('bass drum on 1 and 7', { bass_drum: 'x--- ---- ---- x--- ---- ----' }),
      v('bass drum on 1, 3, 7 and 9', { bass_drum: 'x--- x--- ---- x--- x--- ----' }),
      v('bass drum on 1, 6 and 7', { bass_drum: 'x--- ---- --x- x--- ---- ----' }, 1),
      v('bass drum on 1, 3, 6, 7 and 12', { bass_drum: 'x--- x--- --x- x--- ---- --x-' }, 2),
    ],
    feel: 'Feel the four big pulses (1, 4, 7, 10) under the flowing eighths: the groove rolls, it never marches.',
  },
];

const CAPACITY = [8, 16, 8, 2] as const; // timekeepers, variations, levels, tempo steps

/** Every groove at the level's performance tempo, and as a slow-practice version for learning it. */
const TEMPO_STEPS = [
  { label: '', share: 1 },
  { label: 'slow practice, ', share: 0.75 },
] as const;

/** The voices in the order a groove is learnt: timekeeper, bass drum, the other hand's drums, hi-hat foot. */
const LEARNING_ORDER: readonly (readonly Voice[])[] = [
  ['hi_hat', 'hi_hat_open', 'ride', 'ride_bell', 'crash', 'china', 'cowbell'],
  ['bass_drum'],
  ['snare', 'rim_click', 'high_tom', 'mid_tom', 'floor_tom'],
  ['hi_hat_foot'],
];

const partName = (voices: readonly Voice[]): string =>
  [...new Set(voices.map((voice) => VOICE_NAMES[voice].replace(/^open /, '').replace(/ bell$/, '')))].join(
    ' and ',
  );

/** "Learn it limb by limb: first the ride alone, then add the bass drum, then the cross-stick, …", for the voices played. */
function limbByLimb(voices: ReadonlySet<Voice>): string {
  const [first, ...rest] = LEARNING_ORDER.map((group) => group.filter((voice) => voices.has(voice)))
    .filter((group) => group.length > 0)
    .map(partName);
  const added = rest.map((part, i) => (i === 0 ? `then add the ${part}` : `then the ${part}`));
  return `Learn it limb by limb: ${[`first the ${first ?? 'pattern'} alone`, ...added].join(', ')}, and only then play all of it together.`;
}

/** The timekeeper's name, unless the variation plays one of its voices its own way, in its place. */
function timekeeperPhrase(
  style: GrooveStyle,
  timekeeper: GrooveVariation,
  variation: GrooveVariation,
): string {
  const kept: KitParts = { ...style.base, ...timekeeper.parts };
  const replaces = (Object.keys(variation.parts) as Voice[]).some(
    (voice) => (voice in timekeeper.parts || TIMEKEEPERS.includes(voice)) && Boolean(kept[voice]),
  );
  return replaces
    ? `${variation.label} instead of the ${timekeeper.label}`
    : `${variation.label}, ${timekeeper.label}`;
}

function grooveExercise(
  style: GrooveStyle,
  timekeeperIndex: number,
  variationIndex: number,
  level: LevelIndex,
  tempoStep: number,
  shared: Notation,
): ExerciseDraft {
  const timekeeper = style.timekeepers[timekeeperIndex]!;
  const variation = style.variations[variationIndex]!;
  const grid: Grid = { ...style.grid, bars: style.bars };
  const step = TEMPO_STEPS[tempoStep]!;
  const bpm = roundBpm(tempoForLevel(level, style.tempo[0], style.tempo[1]) * step.share);
  const repetitions = (style.bars === 2 ? 16 : 32) / (tempoStep === 1 ? 2 : 1);
  const voices = voicesOf(shared);
  const counting = countingOf(shared);
  const parts = timekeeperPhrase(style, timekeeper, variation);
  return {
    slot: slotOf([timekeeperIndex, variationIndex, level, tempoStep], CAPACITY),
    name: `${style.name} — ${parts}, ${step.label}${bpm} bpm`,
    focus: 'grooves',
    ...levelRange(level),
    padSufficient: false,
    description: sentences(
      `${style.name} on the kit in ${grid.beats}/${grid.beatUnit}, written in ${noteValuesText(shared)}: ${parts}.`,
      limbByLimb(voices),
      isShuffle(shared)
        ? `Count "${counting}" out loud while you put the parts together; the notes fall on the beat and the "let", and the "trip" stays silent: that is the swing.`
        : `Count "${counting}" out loud while you put the parts together.`,
      typeof style.feel === 'string' ? style.feel : style.feel(voices),
      variation.tip,
      tempoStep === 1 &&
        'This is the slow-practice version: play it at three quarters of the target tempo until every limb lands exactly together, then move on to the full tempo.',
      `Set the metronome to ${bpm} bpm and loop the ${grid.bars === 1 ? 'bar' : `${grid.bars} bars`} ${repetitions} times; listen for every limb sitting exactly with the timekeeper, no flams between the limbs.`,
    ),
    startBpm: bpm,
    repetitions,
    practiceTime: 5 + Math.min(3, Math.floor((level - 1) / 2)),
    type: 'exercise',
    notation: shared,
  };
}

/** One family per groove style: timekeepers × variations, each at four levels and two tempi from where it is introduced. */
export const grooveFamilies: ExerciseFamily[] = STYLES.map((style, styleIndex) => ({
  index: FAMILY_BLOCKS.grooves + styleIndex,
  key: `groove-${style.key}`,
  build: () =>
    style.timekeepers.flatMap((timekeeper, t) =>
      style.variations.flatMap((variation, b) => {
        const grid: Grid = { ...style.grid, bars: style.bars };
        const parts = { ...style.base, ...timekeeper.parts, ...variation.parts };
        const total = grid.beats * grid.subdivision * grid.bars;
        // One notation per groove, shared by its levels and tempi (catalogue entries are read-only).
        const shared = notation(
          grid,
          kitNotes(parts, total, { ...timekeeper.sticking, ...variation.sticking }),
        );
        return levelsFrom(
          Math.min(7, style.minLevel + timekeeper.levelOffset + variation.levelOffset),
          4,
        ).flatMap((level) =>
          TEMPO_STEPS.map((_, tempoStep) => grooveExercise(style, t, b, level, tempoStep, shared)),
        );
      }),
    ),
}));

export const GROOVE_STYLES: readonly GrooveStyle[] = STYLES;
