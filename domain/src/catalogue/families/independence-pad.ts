import type { LevelIndex } from '../../rules/levels.js';
import type { ClickTrack, NoteEvent } from '../exercise.js';
import type { ExerciseDraft, ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS, sentences, slotOf } from '../family.js';
import { SIXTEENTH_CELLS, comboFamily, layer } from '../combo-family.js';
import type { ComboContext, Layer } from '../combo-family.js';
import { countingFor, notation } from '../grid.js';
import type { Grid } from '../grid.js';
import { countingOf } from '../notation-text.js';
import { HAND_NAMES, handOnPad, handOrder, otherHand } from '../pad.js';
import type { Hand } from '../pad.js';
import { levelRange, levelsFrom, roundBpm, tempoForLevel } from '../tempo.js';

/**
 * Hands-only independence on the practice pad (Drum Pad mode): one hand keeps an ostinato while the other
 * plays a changing rhythm, accents in one hand against the other, and polyrhythms between the hands.
 * Both hands play the one pad; where they meet, both strike together.
 */

const STEPS =
  'Build it up in steps: play the ostinato alone until it runs by itself, then add the other hand very slowly, and only then bring the tempo up.';
const UNISON =
  'Where both hands play on the same spot they must sound as one stroke, never as a flam: let both sticks start from the same height.';

const tempoPlan = ({ bpm, repetitions, grid }: ComboContext): string =>
  `Start at ${bpm} bpm and loop the ${grid.bars === 1 ? 'bar' : `${grid.bars} bars`} ${repetitions} times; if the ostinato changes even once, slow down by 10 bpm.`;

const handOf = (part: Layer): Hand => (part.sticking?.pad === 'L' ? 'L' : 'R');

/** 65: a hand ostinato (pulse, cascara or clave) against every 16th-note cell in the other hand. */
const ostinato = (hand: Hand, label: string, pattern: string, level: number, text: string): Layer =>
  layer(`${HAND_NAMES[hand]} ${label}`, { pad: pattern }, level, { sticking: { pad: hand }, text });

const OSTINATOS: Layer[] = [
  ostinato('R', 'quarters', 'x--- x--- x--- x---', 0, 'quarter notes, one stroke on every beat'),
  ostinato('R', '8ths', 'x-x- x-x- x-x- x-x-', 0, '8th notes, on every beat and every "&"'),
  ostinato('L', 'quarters', 'x--- x--- x--- x---', 0, 'quarter notes, one stroke on every beat'),
  ostinato('L', '8ths', 'x-x- x-x- x-x- x-x-', 1, '8th notes, on every beat and every "&"'),
  ostinato('R', 'on the "&"s', '--x- --x- --x- --x-', 2, 'the off-beats only, one stroke on every "&"'),
  ostinato(
    'R',
    'cascara',
    'x-xx -x-x x-xx -x-x',
    2,
    'the cascara rhythm of salsa (1, 1&, 1a, 2e, 2a, and the same in beats 3 and 4), played on the shell of the timbales in the music',
  ),
  ostinato(
    'L',
    'son clave 3-2',
    'x--- --x- ---- x--- | ---- x--- x--- ----',
    2,
    'the son clave 3-2 over two bars (1, 2&, 4 | 2, 3), the backbone of Afro-Cuban music; sing it before you play it',
  ),
  ostinato(
    'L',
    'rumba clave 3-2',
    'x--- --x- ---- --x- | ---- x--- x--- ----',
    3,
    'the rumba clave 3-2 over two bars (1, 2&, 4& | 2, 3): like the son clave but with its third note pushed to the "&" of 4',
  ),
];

const CELLS: Layer[] = SIXTEENTH_CELLS.map((cell) =>
  layer(cell.label, { pad: cell.cell }, (cell.syncopated ? 1 : 0) + (cell.size >= 3 ? 1 : 0)),
);

const handOstinatos = comboFamily({
  index: FAMILY_BLOCKS.padIndependence,
  key: 'independence-pad-hand-ostinatos',
  slowPractice: true,
  handsApart: true,
  focus: 'independence',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 2 },
  tempo: [56, 120],
  minLevel: 1,
  span: 2,
  padSufficient: true,
  bases: OSTINATOS,
  variations: CELLS,
  notes: (base, variation, total) => [
    ...handOnPad(handOf(base), base.parts.pad ?? '', total),
    ...handOnPad(otherHand(handOf(base)), variation.parts.pad ?? '', total),
  ],
  practiceTime: 4,
  repetitions: 16,
  name: ({ base, variation, bpm }) =>
    `Pad hand ostinato: ${base.label} — ${HAND_NAMES[otherHand(handOf(base))]} on ${variation.label} of every beat, ${bpm} bpm`,
  describe: (context) => {
    const hand = handOf(context.base);
    return [
      `Hand independence on the practice pad. The ${HAND_NAMES[hand]} keeps an ostinato that never changes: ${context.base.text ?? context.base.label}. Against it the ${HAND_NAMES[otherHand(hand)]} plays on "${context.variation.label}" of every beat.`,
      'This is one cell of a complete 16th-note grid: once it is easy, move on to the next cell so every position becomes natural for the free hand.',
      STEPS,
      `Count "${countingOf(context.notation)}" out loud: counting keeps both hands anchored to the same grid.`,
      UNISON,
      tempoPlan(context),
    ];
  },
});

/** 66: accents in one hand only, while both hands keep playing. */
interface Texture {
  label: string;
  level: number;
  /** Step of each hand's note inside an 8th note (two 16th steps). */
  offsets: Record<Hand, number>;
  text: string;
}

const TEXTURES: readonly Texture[] = [
  {
    label: 'alternating 16ths, right lead',
    level: 0,
    offsets: { R: 0, L: 1 },
    text: 'Both hands play alternating 16th notes, R L R L: the right hand on the beat and the "&", the left hand on the "e" and the "a".',
  },
  {
    label: 'alternating 16ths, left lead',
    level: 1,
    offsets: { L: 0, R: 1 },
    text: 'Both hands play alternating 16th notes with the left hand leading, L R L R: the left hand on the beat and the "&", the right hand on the "e" and the "a".',
  },
  {
    label: 'hands together in 8ths',
    level: 1,
    offsets: { R: 0, L: 0 },
    text: 'Both hands play every 8th note together, so the accented hand has to come from high while the other hand, on the very same spot, stays low.',
  },
];

/** Accent rhythms on the eight 8th notes of a bar. */
const ACCENT_RHYTHMS: readonly { label: string; eighths: string; level: number }[] = [
  { label: 'beat 1', eighths: 'X-------', level: 0 },
  { label: '1 and 3', eighths: 'X---X---', level: 0 },
  { label: 'quarter notes', eighths: 'X-X-X-X-', level: 0 },
  { label: '2 and 4', eighths: '--X---X-', level: 0 },
  { label: 'the "&"s', eighths: '-X-X-X-X', level: 1 },
  { label: 'tresillo (3-3-2)', eighths: 'X--X--X-', level: 1 },
  { label: 'the Charleston (1 and the & of 2)', eighths: 'X--X----', level: 1 },
  { label: '2-3-3', eighths: 'X-X--X--', level: 2 },
  { label: '1, the & of 2 and the & of 4', eighths: 'X--X---X', level: 2 },
];

/** Every accent rhythm in the right hand, then in the left (a level later); appending a rhythm moves no slot. */
const ACCENT_VARIATIONS: Layer[] = ACCENT_RHYTHMS.flatMap((rhythm) =>
  (['R', 'L'] as const).map((hand) =>
    layer(
      `${HAND_NAMES[hand]} accents on ${rhythm.label}`,
      { pad: rhythm.eighths },
      rhythm.level + (hand === 'L' ? 1 : 0),
      {
        sticking: { pad: hand },
      },
    ),
  ),
);

/** Both hands' 16th-step lines for a texture, with the accents in one hand on the given 8th notes. */
function accentLines(texture: Texture, accentHand: Hand, eighths: string): Record<Hand, string> {
  const lineFor = (hand: Hand): string =>
    [...eighths]
      .map((mark) => {
        const cell = ['-', '-'];
        cell[texture.offsets[hand]] = hand === accentHand && mark === 'X' ? 'X' : 'x';
        return cell.join('');
      })
      .join('');
  return { R: lineFor('R'), L: lineFor('L') };
}

const textureOf = (base: Layer): Texture =>
  TEXTURES.find((texture) => texture.label === base.label) ?? TEXTURES[0]!;

const accentIndependence = comboFamily({
  index: FAMILY_BLOCKS.padIndependence + 1,
  key: 'independence-pad-accents',
  slowPractice: true,
  focus: 'independence',
  grid: { beats: 4, beatUnit: 4, subdivision: 4, bars: 1 },
  tempo: [56, 116],
  minLevel: 1,
  span: 3,
  padSufficient: true,
  bases: TEXTURES.map((texture) => layer(texture.label, {}, texture.level, { text: texture.text })),
  variations: ACCENT_VARIATIONS,
  notes: (base, variation, total) => {
    const lines = accentLines(textureOf(base), handOf(variation), variation.parts.pad ?? '');
    return [...handOnPad('R', lines.R, total), ...handOnPad('L', lines.L, total)];
  },
  practiceTime: 4,
  repetitions: 24,
  name: ({ base, variation, bpm }) =>
    `Pad accent independence: ${variation.label} — ${base.label}, ${bpm} bpm`,
  describe: (context) => {
    const accentHand = handOf(context.variation);
    return [
      `Accents in one hand against the other, on the practice pad. ${context.base.text ?? ''}`,
      `Only the ${HAND_NAMES[accentHand]} plays accents (${context.variation.label.replace(`${HAND_NAMES[accentHand]} accents on `, '')}), from about 12 inches; the ${HAND_NAMES[otherHand(accentHand)]} stays at an even 2-inch tap height and must not copy the accents.`,
      'Play the accent rhythm on its own first, clapping or with the accenting hand alone, then add the taps of the other hand. Listen for the taps: they must stay even under the accents, never louder next to them.',
      `Count "${countingOf(context.notation)}" out loud while you play.`,
      tempoPlan(context),
    ];
  },
});

/** 67: polyrhythms between the hands, each on the smallest grid that holds both parts. */
interface Polyrhythm {
  ratio: string;
  label: string;
  grid: Grid;
  /** One cycle of the part with more notes and of the part with fewer notes. */
  more: string;
  fewer: string;
  level: number;
  tempo: [number, number];
  text: string;
}

const POLYRHYTHMS: readonly Polyrhythm[] = [
  {
    ratio: '3:2',
    label: '8th-note triplets against 8th notes',
    grid: { beats: 4, beatUnit: 4, subdivision: 6, bars: 2 },
    more: 'x-x-x-',
    fewer: 'x--x--',
    level: 2,
    tempo: [50, 112],
    text: 'Three against two inside every beat: one hand plays 8th-note triplets, the other straight 8th notes, and they meet only on the beat.',
  },
  {
    ratio: '3:2',
    label: 'quarter-note triplets against quarter notes',
    grid: { beats: 4, beatUnit: 4, subdivision: 3, bars: 2 },
    more: 'x-x-x-',
    fewer: 'x--x--',
    level: 3,
    tempo: [60, 140],
    text: 'Three against two stretched over two beats: quarter-note triplets in one hand, quarter notes in the other, meeting on beats 1 and 3.',
  },
  {
    ratio: '4:3',
    label: 'quarter notes against half-note triplets',
    grid: { beats: 4, beatUnit: 4, subdivision: 3, bars: 2 },
    more: 'x--x--x--x--',
    fewer: 'x---x---x---',
    level: 4,
    tempo: [60, 132],
    text: 'Four against three over a whole bar: quarter notes in one hand, half-note triplets (three evenly spaced notes per bar) in the other, meeting only on beat 1.',
  },
  {
    ratio: '4:3',
    label: 'dotted 8ths against quarter notes in 3/4',
    grid: { beats: 3, beatUnit: 4, subdivision: 4, bars: 2 },
    more: 'x--x--x--x--',
    fewer: 'x---x---x---',
    level: 4,
    tempo: [50, 108],
    text: 'Four against three in a bar of 3/4: quarter notes in one hand, dotted 8th notes (every third 16th) in the other, meeting only on beat 1.',
  },
  {
    ratio: '5:4',
    label: 'quarter notes against four even notes in 5/4',
    grid: { beats: 5, beatUnit: 4, subdivision: 4, bars: 2 },
    more: 'x---x---x---x---x---',
    fewer: 'x----x----x----x----',
    level: 6,
    tempo: [50, 96],
    text: 'Five against four in a bar of 5/4: quarter notes in one hand, four evenly spaced notes (every fifth 16th) in the other, meeting only on beat 1.',
  },
];

interface PolyTreatment {
  label: string;
  /** The hand that plays the part with more notes. */
  moreHand: Hand;
  level: number;
  accent?: 'unison' | 'more' | 'fewer';
  click: ClickTrack;
  text: string;
}

const POLY_TREATMENTS: readonly PolyTreatment[] = [
  {
    label: 'click on every beat',
    moreHand: 'R',
    level: 0,
    click: { placement: 'beat', mutedBars: [] },
    text: 'Everything at one even volume, the metronome on every beat.',
  },
  {
    label: 'hands swapped, click on every beat',
    moreHand: 'L',
    level: 1,
    click: { placement: 'beat', mutedBars: [] },
    text: 'The hands swap parts: the weaker hand usually finds the busier part harder, so give it extra slow repetitions.',
  },
  {
    label: 'accent where the hands meet',
    moreHand: 'R',
    level: 1,
    accent: 'unison',
    click: { placement: 'beat', mutedBars: [] },
    text: 'Accent the stroke where both hands meet and keep everything else soft, so the cycle is easy to hear and to count.',
  },
  {
    label: 'busier hand accented',
    moreHand: 'R',
    level: 1,
    accent: 'more',
    click: { placement: 'beat', mutedBars: [] },
    text: 'Accent every note of the busier part and keep the other hand at a low tap: the listener should hear the busier part as the melody and the other as an undercurrent.',
  },
  {
    label: 'calmer hand accented, hands swapped',
    moreHand: 'L',
    level: 2,
    accent: 'fewer',
    click: { placement: 'beat', mutedBars: [] },
    text: 'The right hand plays the part with fewer notes, accented, and the left hand the busier part as soft taps: now the slower pulse is the melody and the busy hand must stay even underneath it.',
  },
  {
    label: 'click on 1 of each bar only',
    moreHand: 'R',
    level: 2,
    click: { placement: 'bar_downbeat', mutedBars: [] },
    text: 'The metronome clicks only on beat 1 of each bar, so the hands alone hold the beats in between.',
  },
  {
    label: 'click on every beat, second bar silent',
    moreHand: 'R',
    level: 2,
    click: { placement: 'beat', mutedBars: [1] },
    text: 'The metronome clicks in the first bar and stays silent in the second: keep both parts even through the gap and meet the click again exactly on the next 1.',
  },
];

const POLY_CAPACITY = [8, 8, 8, 2] as const; // polyrhythms, treatments, levels, tempo steps
const SLOW_PRACTICE_SHARE = 0.75;

const accented = (pattern: string): string => pattern.replace(/x/g, 'X');

function polyNotes(poly: Polyrhythm, treatment: PolyTreatment): NoteEvent[] {
  const total = poly.grid.beats * poly.grid.subdivision * poly.grid.bars;
  const fewerHand = otherHand(treatment.moreHand);
  const more = treatment.accent === 'more' ? accented(poly.more) : poly.more;
  const fewer = treatment.accent === 'fewer' ? accented(poly.fewer) : poly.fewer;
  const notes = [...handOnPad(treatment.moreHand, more, total), ...handOnPad(fewerHand, fewer, total)];
  if (treatment.accent !== 'unison') return notes;
  const cycle = poly.more.length;
  return notes.map((note) => (note.step % cycle === 0 ? { ...note, accent: true } : note));
}

function polyDraft(
  p: number,
  t: number,
  level: LevelIndex,
  tempoStep: 0 | 1,
  notes: NoteEvent[],
): ExerciseDraft {
  const poly = POLYRHYTHMS[p]!;
  const treatment = POLY_TREATMENTS[t]!;
  const levelBpm = tempoForLevel(level, poly.tempo[0], poly.tempo[1]);
  const bpm = tempoStep === 1 ? roundBpm(levelBpm * SLOW_PRACTICE_SHARE) : levelBpm;
  const [moreCount, fewerCount] = poly.ratio.split(':');
  const order = handOrder(notes, 0, poly.more.length);
  const repetitions = 16;
  return {
    slot: slotOf([p, t, level, tempoStep], POLY_CAPACITY),
    name: `Pad polyrhythm ${poly.ratio} — ${poly.label}, ${treatment.label}, ${bpm} bpm${tempoStep === 1 ? ' (slow practice)' : ''}`,
    focus: 'independence',
    ...levelRange(level),
    padSufficient: true,
    description: sentences(
      `${poly.text} The ${HAND_NAMES[treatment.moreHand]} plays the ${moreCount}, the ${HAND_NAMES[otherHand(treatment.moreHand)]} the ${fewerCount}, both on the practice pad.`,
      treatment.text,
      `Learn the composite rhythm first, one hand after the other as they strike: ${order} (then the cycle repeats). Say it slowly, tap it on your legs, and only then split it between the hands on the pad.`,
      `Count "${countingFor(poly.grid.beats, poly.grid.subdivision)}" and check that each hand's notes are evenly spaced on their own, not bunched around the shared stroke.`,
      UNISON,
      `Play the ${poly.grid.bars} bars ${repetitions} times at ${bpm} bpm.`,
      tempoStep === 1 &&
        'Slow-practice version: three quarters of the target tempo, to get every note in place before speeding up.',
    ),
    startBpm: bpm,
    repetitions,
    practiceTime: 5,
    type: 'exercise',
    notation: notation(poly.grid, notes, treatment.click),
  };
}

const polyrhythms: ExerciseFamily = {
  index: FAMILY_BLOCKS.padIndependence + 2,
  key: 'independence-pad-polyrhythms',
  build: () =>
    POLYRHYTHMS.flatMap((poly, p) =>
      POLY_TREATMENTS.flatMap((treatment, t) => {
        const notes = polyNotes(poly, treatment);
        return levelsFrom(Math.min(7, poly.level + treatment.level), 3).flatMap((level) =>
          ([0, 1] as const).map((tempoStep) => polyDraft(p, t, level, tempoStep, notes)),
        );
      }),
    ),
};

export const padIndependenceFamilies: ExerciseFamily[] = [handOstinatos, accentIndependence, polyrhythms];
