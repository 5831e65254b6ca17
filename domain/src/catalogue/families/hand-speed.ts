import type { LevelIndex } from '../../rules/levels.js';
import { levelAt } from '../../rules/levels.js';
import type { NoteEvent, Notation } from '../exercise.js';
import type { ExerciseDraft, ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS, sentences, slotOf } from '../family.js';
import { SUBDIVISION_NAMES, countingFor, line, mirrorHands, notation } from '../grid.js';
import type { Grid } from '../grid.js';
import { PLAYABLE_LEVELS, SINGLES_TARGET_BPM, levelRange, roundBpm, tempoForLevel } from '../tempo.js';

const target = (level: LevelIndex): number => SINGLES_TARGET_BPM[level];
const previousTarget = (level: LevelIndex): number =>
  level === 1 ? 48 : SINGLES_TARGET_BPM[(level - 1) as LevelIndex];

const HOW_TO_SINGLES =
  'Keep the sticks low and let the rebound do the work: at speed the motion moves from the wrists to the fingers, the grip stays loose, and both sticks must stay at the same height.';
const LISTEN =
  'Record yourself or listen closely: the two hands must sound identical, with no "galloping" between right and left.';

interface SpeedDraftInput {
  slot: number;
  name: string;
  level: LevelIndex;
  grid: Grid;
  notes: NoteEvent[];
  bpm: number;
  repetitions: number;
  practiceTime: number;
  pad?: boolean;
  text: string[];
}

const draft = (input: SpeedDraftInput): ExerciseDraft => ({
  slot: input.slot,
  name: input.name,
  focus: 'hand_speed',
  ...levelRange(input.level),
  padSufficient: input.pad ?? true,
  description: sentences(...input.text),
  startBpm: input.bpm,
  repetitions: input.repetitions,
  practiceTime: input.practiceTime,
  type: 'exercise',
  notation: notation(input.grid, input.notes),
});

const singles = (
  subdivision: Notation['subdivision'],
  bars: number,
  voice: 'snare' | 'pad' = 'snare',
): NoteEvent[] => line(voice, 'x', { sticking: 'RL', length: 4 * subdivision * bars });

const GRID_16THS: Grid = { beats: 4, beatUnit: 4, subdivision: 4, bars: 1 };

/** 50: six tempo steps per level from the previous level's speed goal to this level's goal. */
const ladder: ExerciseFamily = {
  index: FAMILY_BLOCKS.handSpeed,
  key: 'speed-singles-ladder',
  build: () =>
    PLAYABLE_LEVELS.flatMap((level) =>
      [1, 2, 3, 4, 5, 6].flatMap((step) =>
        (['R', 'L'] as const).map((lead) => {
          const bpm = Math.round(
            previousTarget(level) + ((target(level) - previousTarget(level)) * step) / 6,
          );
          const notes = lead === 'R' ? singles(4, 1) : mirrorHands(singles(4, 1));
          return draft({
            slot: slotOf([level, step, lead === 'R' ? 0 : 1], [8, 8, 2]),
            name: `16th-note singles ladder — step ${step} of 6, ${lead === 'R' ? 'right' : 'left'} lead, ${bpm} bpm`,
            level,
            grid: GRID_16THS,
            notes,
            bpm,
            repetitions: 16,
            practiceTime: 3,
            text: [
              `Single strokes in 16th notes (${lead === 'R' ? 'R L R L' : 'L R L R'}) on the pad at ${bpm} bpm, step ${step} of the ${levelAt(level)} speed ladder that ends at ${target(level)} bpm.`,
              'Play 16 bars (about a minute), rest for 30 seconds, and move to the next step only when the bars were even.',
              `Count "${countingFor(4, 4)}" in your head and feel the accent-free flow.`,
              HOW_TO_SINGLES,
              LISTEN,
            ],
          });
        }),
      ),
    ),
};

/** 51: long stretches slightly under the speed goal. */
const endurance: ExerciseFamily = {
  index: FAMILY_BLOCKS.handSpeed + 1,
  key: 'speed-endurance',
  build: () =>
    PLAYABLE_LEVELS.flatMap((level) =>
      [0.75, 0.85].flatMap((share, s) =>
        [3, 6, 10].map((minutes, m) => {
          const bpm = roundBpm(target(level) * share);
          return draft({
            slot: slotOf([level, s, m], [8, 4, 8]),
            name: `Singles endurance — ${minutes} minutes non-stop, ${bpm} bpm (${Math.round(share * 100)}% of ${target(level)})`,
            level,
            grid: GRID_16THS,
            notes: singles(4, 1),
            bpm,
            repetitions: Math.round((minutes * bpm) / 4),
            practiceTime: minutes,
            text: [
              `Endurance: 16th-note single strokes at ${bpm} bpm (${Math.round(share * 100)}% of the ${target(level)} bpm goal) for ${minutes} minutes without stopping.`,
              'When the forearms start to burn, do not tense up: drop the stick height a little, breathe out, and keep the strokes even until the time is up.',
              'If the hands lose the grid, stop, shake out the arms and restart at 8 bpm slower.',
              HOW_TO_SINGLES,
            ],
          });
        }),
      ),
    ),
};

interface Burst {
  key: string;
  base: Notation['subdivision'];
  burst: Notation['subdivision'];
  grid: Notation['subdivision'];
  share: number;
}
const BURSTS: readonly Burst[] = [
  { key: '8ths to 16ths', base: 2, burst: 4, grid: 4, share: 1 },
  { key: 'triplets to 16th-note triplets', base: 3, burst: 6, grid: 6, share: 0.66 },
  { key: '16ths to 32nds', base: 4, burst: 8, grid: 8, share: 0.5 },
];

/** 52: bursts of double speed for 1, 2 or 4 beats inside a slower stream. */
const bursts: ExerciseFamily = {
  index: FAMILY_BLOCKS.handSpeed + 2,
  key: 'speed-bursts',
  build: () =>
    PLAYABLE_LEVELS.flatMap((level) =>
      BURSTS.flatMap((kind, k) =>
        [1, 2, 4].map((beats, b) => {
          const grid: Grid = { beats: 4, beatUnit: 4, subdivision: kind.grid, bars: 2 };
          const perBeat = kind.grid;
          const burstStart = 4 * perBeat; // bar 2
          const notes: NoteEvent[] = [];
          for (let step = 0; step < 8 * perBeat; step++) {
            const inBurst = step >= burstStart && step < burstStart + beats * perBeat;
            const every = perBeat / (inBurst ? kind.burst : kind.base);
            if (step % every === 0) notes.push({ step, voice: 'snare' });
          }
          const sticky = notes.map((note, i): NoteEvent => ({ ...note, sticking: i % 2 === 0 ? 'R' : 'L' }));
          const bpm = roundBpm(target(level) * kind.share);
          return draft({
            slot: slotOf([level, k, b], [8, 8, 4]),
            name: `Speed burst — ${kind.key}, ${beats}-beat burst, ${bpm} bpm (goal ${target(level)})`,
            level,
            grid,
            notes: sticky,
            bpm,
            repetitions: 20,
            practiceTime: 4,
            text: [
              `Play alternating ${SUBDIVISION_NAMES[kind.base]} for a bar, then double up to ${SUBDIVISION_NAMES[kind.burst]} for ${beats} beat${beats > 1 ? 's' : ''} and drop back.`,
              'The burst must not speed up or slow down the pulse: the first note after the burst lands exactly on the click.',
              `Count "${countingFor(4, kind.grid)}" slowly first to see where the burst begins and ends.`,
              HOW_TO_SINGLES,
              `Start at ${bpm} bpm; when 20 repetitions are clean, add 4 bpm.`,
            ],
          });
        }),
      ),
    ),
};

/** 53: singles with an accent every 2nd to 5th note, which makes the accent wander over the beat. */
const accentGrid: ExerciseFamily = {
  index: FAMILY_BLOCKS.handSpeed + 3,
  key: 'speed-accent-grids',
  build: () =>
    PLAYABLE_LEVELS.flatMap((level) =>
      [2, 3, 4, 5].flatMap((every) =>
        [0.7, 0.8].map((share, s) => {
          const bars = every === 3 || every === 5 ? every : 1;
          const grid: Grid = { beats: 4, beatUnit: 4, subdivision: 4, bars };
          const notes = singles(4, bars).map((note, i) =>
            i % every === 0 ? { ...note, accent: true } : note,
          );
          const bpm = roundBpm(target(level) * share);
          return draft({
            slot: slotOf([level, every, s], [8, 8, 4]),
            name: `Accented singles — accent every ${every} notes, ${bpm} bpm (${Math.round(share * 100)}% of ${target(level)})`,
            level,
            grid,
            notes,
            bpm,
            repetitions: 16,
            practiceTime: 4,
            text: [
              `16th-note singles with an accent on every ${every === 2 ? 'second' : every === 3 ? 'third' : every === 4 ? 'fourth' : 'fifth'} note.`,
              every === 3 || every === 5
                ? `Groups of ${every} against the four 16ths of each beat make the accent move through the bar; it comes back to beat 1 after ${bars} bars.`
                : 'The accents line up with the beat, so use them to check that the tempo holds.',
              'Accents are down-strokes from about 8 inches that stop low; all other notes stay at 1 to 2 inches. Speed comes from relaxation, not force.',
              `Start at ${bpm} bpm.`,
              LISTEN,
            ],
          });
        }),
      ),
    ),
};

/** 54: double strokes at speed. */
const doubles: ExerciseFamily = {
  index: FAMILY_BLOCKS.handSpeed + 4,
  key: 'speed-doubles',
  build: () =>
    PLAYABLE_LEVELS.flatMap((level) =>
      [0.6, 0.7, 0.8].flatMap((share, s) =>
        (['R', 'L'] as const).map((lead) => {
          const base = line('snare', 'x', { sticking: 'RRLL', length: 16 });
          const bpm = roundBpm(target(level) * share);
          return draft({
            slot: slotOf([level, s, lead === 'R' ? 0 : 1], [8, 8, 2]),
            name: `Double strokes for speed — ${lead === 'R' ? 'right' : 'left'} lead, ${bpm} bpm (${Math.round(share * 100)}% of ${target(level)})`,
            level,
            grid: GRID_16THS,
            notes: lead === 'R' ? base : mirrorHands(base),
            bpm,
            repetitions: 24,
            practiceTime: 4,
            text: [
              `Double strokes in 16th notes (${lead === 'R' ? 'R R L L' : 'L L R R'}) at ${bpm} bpm.`,
              'The first stroke comes from the wrist, the second from the fingers; the second note must be as loud as the first, never a weak bounce.',
              `Count "${countingFor(4, 4)}" and check that the doubles sit exactly on the 16th grid.`,
              LISTEN,
            ],
          });
        }),
      ),
    ),
};

const GEAR_LADDERS = [
  { key: 'quarters, 8ths, 16ths, 32nds', subdivision: 8, steps: [8, 4, 2, 1] },
  { key: '16ths, 32nds, 16ths, 8ths', subdivision: 8, steps: [2, 1, 2, 4] },
  { key: 'quarters, 8ths, triplets, 16th-note triplets', subdivision: 6, steps: [6, 3, 2, 1] },
  { key: '16th-note triplets, triplets, 8ths, quarters', subdivision: 6, steps: [1, 2, 3, 6] },
] as const;

/** 55: one bar each of faster and slower subdivisions (gear changes). */
const gearChanges: ExerciseFamily = {
  index: FAMILY_BLOCKS.handSpeed + 5,
  key: 'speed-gear-changes',
  build: () =>
    PLAYABLE_LEVELS.flatMap((level) =>
      GEAR_LADDERS.flatMap((ladder, g) =>
        [0, 1].map((s) => {
          const grid: Grid = { beats: 4, beatUnit: 4, subdivision: ladder.subdivision, bars: 4 };
          const perBar = 4 * ladder.subdivision;
          const notes: NoteEvent[] = [];
          ladder.steps.forEach((every, bar) => {
            for (let i = 0; i < perBar; i += every) notes.push({ step: bar * perBar + i, voice: 'snare' });
          });
          // The fastest bar (32nds or 16th-note triplets) sets the tempo, well below the singles goal.
          const bpm =
            ladder.subdivision === 8
              ? tempoForLevel(level, 44, 110) + 6 * s
              : tempoForLevel(level, 50, 140) + 6 * s;
          return draft({
            slot: slotOf([level, g, s], [8, 8, 4]),
            name: `Gear changes — ${ladder.key}, ${bpm} bpm`,
            level,
            grid,
            notes: notes.map((note, i) => ({ ...note, sticking: i % 2 === 0 ? 'R' : 'L' })),
            bpm,
            repetitions: 8,
            practiceTime: 5,
            text: [
              `Four bars of alternating singles, one gear per bar: ${ladder.key}.`,
              'Change gear exactly on beat 1 of the next bar without a gap or a rush, and keep the volume the same in every gear.',
              `Set the metronome to ${bpm} bpm; the fastest bar is the limit, so slow down if it cracks.`,
              HOW_TO_SINGLES,
            ],
          });
        }),
      ),
    ),
};

/** 56: one hand alone, to even out the weaker hand. */
const oneHand: ExerciseFamily = {
  index: FAMILY_BLOCKS.handSpeed + 6,
  key: 'speed-one-hand',
  build: () =>
    PLAYABLE_LEVELS.flatMap((level) =>
      (['R', 'L'] as const).flatMap((hand, h) =>
        [0.45, 0.55, 0.65].map((share, s) => {
          const bpm = roundBpm(target(level) * share);
          return draft({
            slot: slotOf([level, h, s], [8, 2, 8]),
            name: `One-hand 8ths — ${hand === 'R' ? 'right' : 'left'} hand only, ${bpm} bpm (${Math.round(share * 100)}% of ${target(level)})`,
            level,
            grid: { beats: 4, beatUnit: 4, subdivision: 2, bars: 1 },
            notes: line('snare', 'x', { sticking: hand, length: 8 }),
            bpm,
            repetitions: 32,
            practiceTime: 3,
            text: [
              `Eighth notes with the ${hand === 'R' ? 'right' : 'left'} hand only at ${bpm} bpm, the other hand resting on your leg.`,
              'One hand alone shows its real speed: keep the stroke free, let the stick rebound, and use the fingers once the wrist gets tight.',
              `Count "${countingFor(4, 2)}".`,
              'Afterwards play the same tempo with the other hand and compare how both feel and sound.',
            ],
          });
        }),
      ),
    ),
};

/** 57: singles on the kit while the feet keep time. */
const singlesWithFeet: ExerciseFamily = {
  index: FAMILY_BLOCKS.handSpeed + 7,
  key: 'speed-singles-with-feet',
  build: () =>
    PLAYABLE_LEVELS.flatMap((level) =>
      [0.6, 0.7, 0.8].map((share, s) => {
        const bpm = roundBpm(target(level) * share);
        const feet = line('bass_drum', 'x--- x--- x--- x---', { sticking: 'F' });
        const hihat = line('hi_hat_foot', '---- x--- ---- x---', { sticking: 'F' });
        return draft({
          slot: slotOf([level, s], [8, 8]),
          name: `Singles on the snare with feet — quarter-note bass drum, ${bpm} bpm (${Math.round(share * 100)}% of ${target(level)})`,
          level,
          grid: GRID_16THS,
          notes: [...singles(4, 1), ...feet, ...hihat],
          bpm,
          repetitions: 24,
          practiceTime: 4,
          pad: false,
          text: [
            `16th-note singles on the snare at ${bpm} bpm while the bass drum plays quarter notes and the hi-hat foot closes on 2 and 4.`,
            'Fast hands tend to drag the feet along: the bass drum must stay a calm, steady quarter-note pulse.',
            HOW_TO_SINGLES,
          ],
        });
      }),
    ),
};

/** 58: a ladder of 16th-note-triplet singles, two thirds of the 16th-note goal in quarter-note bpm. */
const tripletLadder: ExerciseFamily = {
  index: FAMILY_BLOCKS.handSpeed + 8,
  key: 'speed-sextuplet-ladder',
  build: () =>
    PLAYABLE_LEVELS.flatMap((level) =>
      [1, 2, 3, 4, 5, 6].flatMap((step) =>
        (['R', 'L'] as const).map((lead) => {
          const from = (previousTarget(level) * 2) / 3;
          const bpm = Math.round(from + (((target(level) * 2) / 3 - from) * step) / 6);
          const notes = lead === 'R' ? singles(6, 1) : mirrorHands(singles(6, 1));
          return draft({
            slot: slotOf([level, step, lead === 'R' ? 0 : 1], [8, 8, 2]),
            name: `16th-note-triplet singles ladder — step ${step} of 6, ${lead === 'R' ? 'right' : 'left'} lead, ${bpm} bpm`,
            level,
            grid: { beats: 4, beatUnit: 4, subdivision: 6, bars: 1 },
            notes,
            bpm,
            repetitions: 16,
            practiceTime: 3,
            text: [
              `Single strokes in 16th-note triplets (six per beat, ${lead === 'R' ? 'R L R L R L' : 'L R L R L R'}) at ${bpm} bpm: as many strokes a second as four a beat at ${Math.round((bpm * 3) / 2)} bpm.`,
              'Six notes per beat means the lead hand changes every half beat: feel the accent-free pulse on each beat without leaning on one hand.',
              `Count "${countingFor(4, 6)}" slowly before you play it up to speed.`,
              HOW_TO_SINGLES,
              LISTEN,
            ],
          });
        }),
      ),
    ),
};

export const handSpeedFamilies: ExerciseFamily[] = [
  tripletLadder,
  ladder,
  endurance,
  bursts,
  accentGrid,
  doubles,
  gearChanges,
  oneHand,
  singlesWithFeet,
];
