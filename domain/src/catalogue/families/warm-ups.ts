import type { LevelIndex } from '../../rules/levels.js';
import type { Voice } from '../exercise.js';
import type { ExerciseDraft, ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS, sentences, slotOf } from '../family.js';
import { notation } from '../grid.js';
import { countingOf } from '../notation-text.js';
import { kitNotes } from '../kit.js';
import type { KitParts } from '../kit.js';
import { CONTROL_BPM_16THS, PLAYABLE_LEVELS, levelRange, roundBpm } from '../tempo.js';

interface WarmUp {
  label: string;
  parts: KitParts;
  sticking: Partial<Record<Voice, string>>;
  /** Tempo relative to the level's 16th-note control tempo (lower for denser patterns). */
  tempoShare: number;
  text: string;
}

const padWarmUp = (
  label: string,
  pattern: string,
  sticking: string,
  tempoShare: number,
  text: string,
): WarmUp => ({
  label,
  parts: { pad: pattern },
  sticking: { pad: sticking },
  tempoShare,
  text,
});

const PAD: readonly WarmUp[] = [
  padWarmUp(
    'alternating 8ths',
    'x-x- x-x- x-x- x-x-',
    'RL',
    1.2,
    'Alternating 8th notes from a medium height to get the wrists moving.',
  ),
  padWarmUp(
    'alternating 16ths',
    'xxxx xxxx xxxx xxxx',
    'RL',
    0.9,
    'Alternating 16th notes, relaxed and even.',
  ),
  padWarmUp(
    'eight on a hand',
    'xxxx xxxx xxxx xxxx',
    'RRRRRRRRLLLLLLLL',
    0.8,
    'Eight strokes on each hand: the classic first warm-up that shows which hand is stiff today.',
  ),
  padWarmUp(
    'double strokes',
    'xxxx xxxx xxxx xxxx',
    'RRLL',
    0.8,
    'Double strokes, second note as loud as the first.',
  ),
  padWarmUp(
    'paradiddles',
    'Xxxx Xxxx Xxxx Xxxx',
    'RLRRLRLL',
    0.9,
    'Single paradiddles with the accent on each group.',
  ),
  padWarmUp(
    'accent-tap, down-up strokes',
    'Xxxx Xxxx Xxxx Xxxx',
    'RLRL',
    0.9,
    'Accent on each beat with a down-stroke, the other notes as low taps.',
  ),
  padWarmUp(
    'triplets',
    'Xxx Xxx Xxx Xxx',
    'RLRLRL',
    1,
    'Alternating triplets with an accent on each beat; the lead hand changes every beat.',
  ),
  padWarmUp(
    'flam taps',
    'Fx Fx Fx Fx Fx Fx Fx Fx',
    'RRLL',
    0.8,
    'Flam taps: a flam followed by a tap on the same hand.',
  ),
  padWarmUp(
    'sixteenth-note pyramid',
    'xxxx xxxx xxxx xxxx',
    'RRRRLLLLRRLLRLRL',
    0.8,
    'Four on a hand, then two, then one: a small pyramid that loosens both hands.',
  ),
  padWarmUp(
    'single stroke sevens',
    'xxxxxxX- xxxxxxX-',
    'RLRLRLRLRLRLRL',
    0.7,
    'Groups of seven singles with an accent on the last note.',
  ),
];

const KIT: readonly WarmUp[] = [
  {
    label: 'singles around the toms',
    parts: {
      snare: 'xxxx ---- ---- ----',
      high_tom: '---- xxxx ---- ----',
      mid_tom: '---- ---- xxxx ----',
      floor_tom: '---- ---- ---- xxxx',
      bass_drum: 'x--- x--- x--- x---',
    },
    sticking: { snare: 'RL', high_tom: 'RL', mid_tom: 'RL', floor_tom: 'RL' },
    tempoShare: 0.8,
    text: 'Alternating 16ths, one beat on each drum from the snare down to the floor tom, with the bass drum on every beat.',
  },
  {
    label: 'snare 8ths with bass drum quarters',
    parts: {
      snare: 'x-x- x-x- x-x- x-x-',
      bass_drum: 'x--- x--- x--- x---',
      hi_hat_foot: '---- x--- ---- x---',
    },
    sticking: { snare: 'RL' },
    tempoShare: 1.2,
    text: 'Alternating 8ths on the snare, bass drum on every beat and hi-hat foot on 2 and 4, to wake up all four limbs.',
  },
  {
    label: 'doubles on snare and floor tom',
    parts: {
      snare: 'xx-- xx-- xx-- xx--',
      floor_tom: '--xx --xx --xx --xx',
      bass_drum: 'x--- x--- x--- x---',
    },
    sticking: { snare: 'RR', floor_tom: 'LL' },
    tempoShare: 0.8,
    text: 'Double strokes that move between the snare and the floor tom while the bass drum keeps quarter notes.',
  },
  {
    label: 'easy rock groove',
    parts: { hi_hat: 'x-x- x-x- x-x- x-x-', snare: '---- x--- ---- x---', bass_drum: 'x--- ---- x--- ----' },
    sticking: {},
    tempoShare: 1.3,
    text: 'A relaxed 8th-note rock groove to settle into the kit and check the sound of every drum.',
  },
  {
    label: 'feet only, bass drum and hi-hat',
    parts: { bass_drum: 'x--- ---- x--- ----', hi_hat_foot: '---- x--- ---- x---' },
    sticking: {},
    tempoShare: 1.3,
    text: 'Feet only: bass drum on 1 and 3, hi-hat foot on 2 and 4, ankles loose.',
  },
  {
    label: 'paradiddles between hi-hat and snare',
    parts: { hi_hat: 'x-xx -x-- x-xx -x--', snare: '-x-- x-xx -x-- x-xx', bass_drum: 'x--- ---- x--- ----' },
    sticking: { hi_hat: 'RRR', snare: 'LLL' },
    tempoShare: 0.8,
    text: 'Paradiddles with the right hand on the hi-hat and the left hand on the snare: a first step from rudiment to groove.',
  },
  {
    label: 'bass drum 8ths under 16th singles',
    parts: { snare: 'xxxx xxxx xxxx xxxx', bass_drum: 'x-x- x-x- x-x- x-x-' },
    sticking: { snare: 'RL' },
    tempoShare: 0.7,
    text: 'Alternating 16ths on the snare while the bass drum plays 8th notes underneath.',
  },
  {
    label: 'quarter notes on every drum',
    parts: {
      snare: 'x--- ---- ---- ----',
      high_tom: '---- x--- ---- ----',
      mid_tom: '---- ---- x--- ----',
      floor_tom: '---- ---- ---- x---',
      bass_drum: 'x--- x--- x--- x---',
    },
    sticking: { snare: 'R', high_tom: 'L', mid_tom: 'R', floor_tom: 'L' },
    tempoShare: 1.5,
    text: 'One quarter note on each drum, alternating hands, to find the height and the centre of every drum.',
  },
];

const CAPACITY = [16, 8, 4] as const; // warm-ups, levels, durations

function warmUpDraft(
  warmUp: WarmUp,
  index: number,
  level: LevelIndex,
  minutesIndex: number,
  minutes: number,
  onPad: boolean,
): ExerciseDraft {
  const grid = { beats: 4, beatUnit: 4, subdivision: warmUp.label === 'triplets' ? 3 : 4, bars: 1 } as const;
  const total = grid.beats * grid.subdivision;
  const bpm = roundBpm(CONTROL_BPM_16THS[level] * warmUp.tempoShare * 0.9);
  const sheet = notation(grid, kitNotes(warmUp.parts, total, warmUp.sticking));
  return {
    slot: slotOf([index, level, minutesIndex], CAPACITY),
    name: `${onPad ? 'Pad' : 'Kit'} warm-up — ${warmUp.label}, ${minutes} minutes, ${bpm} bpm`,
    focus: 'warm_up',
    ...levelRange(level),
    padSufficient: onPad,
    description: sentences(
      warmUp.text,
      `Play it for ${minutes} minutes at ${bpm} bpm, comfortably below your limit: a warm-up prepares the muscles, it is not a test.`,
      `Count "${countingOf(sheet)}" to settle the time, keep the shoulders down and breathe.`,
      'If anything hurts or feels tight, stop, shake out the arms and start again slower.',
    ),
    startBpm: bpm,
    repetitions: Math.max(8, Math.round((minutes * bpm) / 8)),
    practiceTime: minutes,
    type: 'warm_up',
    notation: sheet,
  };
}

const warmUpFamily = (
  index: number,
  key: string,
  warmUps: readonly WarmUp[],
  durations: readonly number[],
  onPad: boolean,
): ExerciseFamily => ({
  index,
  key,
  build: () =>
    warmUps.flatMap((warmUp, w) =>
      PLAYABLE_LEVELS.flatMap((level) =>
        durations.map((minutes, m) => warmUpDraft(warmUp, w, level, m, minutes, onPad)),
      ),
    ),
});

/** Warm-ups of 2 to 5 minutes for every level, on the kit and on the pad; 5-10 minute blocks combine them. */
export const warmUpFamilies: ExerciseFamily[] = [
  warmUpFamily(FAMILY_BLOCKS.warmUpKit, 'warm-up-kit', KIT, [3, 5, 4], false),
  warmUpFamily(FAMILY_BLOCKS.warmUpPad, 'warm-up-pad', PAD, [2, 4, 3], true),
];
