import type { LevelIndex } from '../../rules/levels.js';
import type { NoteEvent, Notation } from '../exercise.js';
import type { ExerciseDraft, ExerciseFamily } from '../family.js';
import { FAMILY_BLOCKS, sentences, slotOf } from '../family.js';
import {
  SUBDIVISION_NAMES,
  cleanPattern,
  mirrorHands,
  notation,
  stepsPerBar,
  stickingText,
} from '../grid.js';
import type { Grid } from '../grid.js';
import { VOICE_NAMES, countingOf, noteValuesText } from '../notation-text.js';
import {
  accentBeatEnds,
  accentWhere,
  barsForCycle,
  density,
  ghostTaps,
  hasAccents,
  isOnBeat,
  repeatGroup,
  stream,
  withoutAccents,
} from '../notes.js';
import { FAMILY_TIPS, RUDIMENTS } from '../rudiments.js';
import type { Rudiment } from '../rudiments.js';
import { CONTROL_BPM_16THS, PLAYABLE_LEVELS, levelRange, roundBpm } from '../tempo.js';

type Treatment = 'written' | 'even' | 'contrast' | 'downbeat' | 'beat_end' | 'feet' | 'toms' | 'regrid';

interface Variation {
  treatment: Treatment;
  lead: 'R' | 'L';
  /** 0: the level's control tempo, 1: a push 6% above it. */
  tempoStep: 0 | 1;
}

/** Append only: a variation's position is part of its lesson ids. */
const VARIATIONS: readonly Variation[] = [
  { treatment: 'written', lead: 'R', tempoStep: 0 },
  { treatment: 'written', lead: 'R', tempoStep: 1 },
  { treatment: 'written', lead: 'L', tempoStep: 0 },
  { treatment: 'even', lead: 'R', tempoStep: 0 },
  { treatment: 'contrast', lead: 'R', tempoStep: 0 },
  { treatment: 'contrast', lead: 'L', tempoStep: 1 },
  { treatment: 'downbeat', lead: 'R', tempoStep: 0 },
  { treatment: 'beat_end', lead: 'L', tempoStep: 0 },
  { treatment: 'feet', lead: 'R', tempoStep: 0 },
  { treatment: 'toms', lead: 'R', tempoStep: 1 },
  { treatment: 'regrid', lead: 'R', tempoStep: 0 },
  { treatment: 'even', lead: 'L', tempoStep: 1 },
];
const CAPACITY = [32, 8] as const; // variations, levels

const REGRID_TO: Partial<Record<Notation['subdivision'], Notation['subdivision']>> = { 4: 3, 3: 4, 6: 4 };

/** Which hand takes its accents to which tom, as the notes have it (a left lead swaps the hands). */
function tomAccents(notes: readonly NoteEvent[]): string {
  const hands = { R: 'right', L: 'left' } as const;
  const drums = (['floor_tom', 'high_tom'] as const).flatMap((voice) => {
    const players = [...new Set(notes.filter((note) => note.voice === voice).map((note) => note.sticking))];
    const named = players.flatMap((hand) => (hand === 'R' || hand === 'L' ? [hands[hand]] : []));
    return named.length === 0 ? [] : [`${named.join('- and ')}-hand accents on the ${VOICE_NAMES[voice]}`];
  });
  return drums.join(', ');
}

const TREATMENT_TEXT: Record<
  Treatment,
  (rudiment: Rudiment, accented: boolean, notes: readonly NoteEvent[]) => string
> = {
  written: (_r, accented) =>
    accented
      ? 'Play the accents exactly as written: accents at full height (about 12 inches), every other stroke a low tap of about 2 inches.'
      : 'Play it as written, every stroke at the same medium height, like a machine.',
  even: () =>
    'Leave out all accents: every stroke at the same height and volume, so you hear whether both hands really match.',
  contrast: () =>
    'Play the accents full and bring every other stroke down to a ghost note barely above the head; the gap between loud and soft is the exercise, and the sticks must stay relaxed in the down-strokes.',
  downbeat: () =>
    'Accent only the notes that fall on the beat, everything else stays soft. Use a down-stroke on each accent so the stick stops low, ready for the following taps.',
  beat_end: () =>
    'Accent the last note of every beat instead, so the accent leads into the next beat; use an up-stroke on the tap before it so the accented stroke can come from high.',
  feet: () =>
    'Add your feet under the hands: bass drum on 1 and 3, hi-hat foot closing on 2 and 4 (in 6/8 the hi-hat closes on the second pulse). The feet must not pull the hands off the grid.',
  toms: (_r, _accented, notes) =>
    `Move the accents onto the toms (${tomAccents(notes)}) and keep the taps on the snare, moving from the elbow so the taps stay low.`,
  regrid: (rudiment) =>
    `Play the same sticking as a continuous stream of ${SUBDIVISION_NAMES[REGRID_TO[rudiment.subdivision] ?? 4]}: the groups no longer line up with the beat, so the accents shift to a new place every beat and create a new rhythm.`,
};

const TREATMENT_LABEL: Record<Treatment, (rudiment: Rudiment, accented: boolean) => string> = {
  written: (_r, accented) => (accented ? 'accents as written' : 'as written'),
  even: () => 'even strokes, no accents',
  contrast: () => 'accents over ghosted taps',
  downbeat: () => 'accents on the beat',
  beat_end: () => 'accent on the last note of each beat',
  feet: () => 'with bass drum and hi-hat foot',
  toms: () => 'accents on the toms',
  regrid: (rudiment) => `moved to ${SUBDIVISION_NAMES[REGRID_TO[rudiment.subdivision] ?? 4]}`,
};

const hasRests = (rudiment: Rudiment): boolean => /[-.]/.test(cleanPattern(rudiment.pattern));

/** Pulse notes for the feet: bass drum on 1 and 3, hi-hat foot on 2 and 4 (dotted quarters in 6/8). */
function feetUnder(grid: Grid): NoteEvent[] {
  const pulse = grid.beatUnit === 8 ? 3 * grid.subdivision : grid.subdivision;
  const notes: NoteEvent[] = [];
  const total = stepsPerBar(grid) * grid.bars;
  for (let step = 0, k = 0; step < total; step += pulse, k++) {
    notes.push({ step, voice: k % 2 === 0 ? 'bass_drum' : 'hi_hat_foot', sticking: 'F' });
  }
  return notes;
}

function rudimentHands(
  rudiment: Rudiment,
  treatment: Treatment,
): { grid: Grid; hands: NoteEvent[] } | undefined {
  const half = cleanPattern(rudiment.pattern).length;
  const cycle = rudiment.alternates ? 2 * half : half;
  if (treatment === 'regrid') {
    const target = REGRID_TO[rudiment.subdivision];
    if (!target || rudiment.beatUnit !== 4 || hasRests(rudiment)) return undefined;
    const bars = barsForCycle(cycle, rudiment.beats * target);
    if (bars > 4) return undefined;
    const grid: Grid = { beats: rudiment.beats, beatUnit: 4, subdivision: target, bars };
    const sequence = repeatGroup('snare', rudiment.pattern, rudiment.sticking, rudiment.alternates, cycle);
    return { grid, hands: stream(sequence, bars * rudiment.beats * target) };
  }
  const bars = barsForCycle(cycle, rudiment.beats * rudiment.subdivision);
  const grid: Grid = {
    beats: rudiment.beats,
    beatUnit: rudiment.beatUnit,
    subdivision: rudiment.subdivision,
    bars,
  };
  const hands = repeatGroup(
    'snare',
    rudiment.pattern,
    rudiment.sticking,
    rudiment.alternates,
    stepsPerBar(grid) * bars,
  );
  return { grid, hands };
}

function applyTreatment(treatment: Treatment, hands: NoteEvent[], grid: Grid): NoteEvent[] {
  const onBeat = (note: NoteEvent) => isOnBeat(note, grid.subdivision);
  const accentedOrBeats = hasAccents(hands) ? hands : accentWhere(hands, onBeat);
  switch (treatment) {
    case 'written':
    case 'regrid':
      return hands;
    case 'even':
      return withoutAccents(hands);
    case 'contrast':
      return ghostTaps(accentedOrBeats);
    case 'downbeat':
      return accentWhere(hands, onBeat);
    case 'beat_end':
      return accentBeatEnds(hands, grid.subdivision);
    case 'feet':
      return [...hands, ...feetUnder(grid)];
    case 'toms':
      return accentedOrBeats.map((note) =>
        note.accent ? { ...note, voice: note.sticking === 'R' ? 'floor_tom' : 'high_tom' } : note,
      );
    default: {
      const unreachable: never = treatment;
      throw new Error(`unknown treatment ${String(unreachable)}`);
    }
  }
}

interface RudimentVariant {
  rudiment: Rudiment;
  variationIndex: number;
  variation: Variation;
  grid: Grid;
  accented: boolean;
  /** Shared by the variant's levels: catalogue entries are read-only. */
  shared: Notation;
  sticking: string;
  speedFactor: number;
}

/** Everything about a rudiment variation that does not depend on the level. */
function rudimentVariant(
  rudiment: Rudiment,
  variationIndex: number,
  variation: Variation,
): RudimentVariant | undefined {
  const built = rudimentHands(rudiment, variation.treatment);
  if (!built) return undefined;
  const { grid } = built;
  const treated = applyTreatment(variation.treatment, built.hands, grid);
  // Rudiments made only of accents (flams, drags) would leave the snare entirely: no tom variant for them.
  if (!treated.some((note) => note.voice === 'snare')) return undefined;
  const notes = variation.lead === 'L' ? mirrorHands(treated) : treated;
  return {
    rudiment,
    variationIndex,
    variation,
    grid,
    accented: hasAccents(built.hands),
    shared: notation(grid, notes),
    // In 6/8 the sticking reads best grouped per dotted quarter.
    sticking: stickingText(notes, grid.beatUnit === 8 ? 3 * grid.subdivision : grid.subdivision),
    speedFactor: Math.min(1.5, Math.max(0.6, 4 / density(built.hands, grid.beats * grid.bars))),
  };
}

function rudimentExercise(variant: RudimentVariant, level: LevelIndex): ExerciseDraft {
  const { rudiment, variationIndex, variation, grid, accented, speedFactor } = variant;
  const beatsInNotation = grid.beats * grid.bars;
  const bpm = roundBpm(CONTROL_BPM_16THS[level] * speedFactor * (variation.tempoStep === 1 ? 1.06 : 1));
  const kit = variation.treatment === 'feet' || variation.treatment === 'toms';
  const practiceTime = variation.treatment === 'written' || variation.treatment === 'contrast' ? 5 : 4;
  const repetitions = Math.max(
    4,
    Math.min(48, 2 * Math.round((bpm * practiceTime * 0.3) / (2 * beatsInNotation))),
  );
  const label = TREATMENT_LABEL[variation.treatment](rudiment, accented);
  const leadLabel = variation.lead === 'R' ? 'right lead' : 'left lead';
  const surface = kit ? 'drum kit' : 'practice pad or snare drum';
  const description = sentences(
    `${rudiment.name} (PAS rudiment #${rudiment.pas}) on the ${surface}, ${noteValuesText(variant.shared)} in ${grid.beats}/${grid.beatUnit}.`,
    `Sticking: ${variant.sticking}.`,
    TREATMENT_TEXT[variation.treatment](rudiment, accented, variant.shared.notes),
    variation.lead === 'L' &&
      'Lead with the left hand this time: your weaker hand sets the pace, so watch that its strokes come from the same height as the right.',
    `Count "${countingOf(variant.shared)}" out loud for the first repetitions, then just hear it.`,
    FAMILY_TIPS[rudiment.family],
    `Start at ${bpm} bpm and play the ${grid.bars}-bar pattern ${repetitions} times without stopping; raise the metronome by 4 bpm only when every repetition sounds even.`,
  );
  return {
    slot: slotOf([variationIndex, level], CAPACITY),
    name: `${rudiment.name} — ${label}, ${leadLabel}, ${bpm} bpm`,
    focus: 'hand_technique',
    ...levelRange(level),
    padSufficient: !kit,
    description,
    startBpm: bpm,
    repetitions,
    practiceTime,
    type: 'exercise',
    notation: variant.shared,
  };
}

/** One family per PAS rudiment: every variation at every level from the rudiment's first level on. */
export const handTechniqueFamilies: ExerciseFamily[] = RUDIMENTS.map((rudiment) => ({
  index: FAMILY_BLOCKS.rudiments + rudiment.pas - 1,
  key: `rudiment-${rudiment.pas}`,
  build: () => {
    const variants = VARIATIONS.flatMap(
      (variation, index) => rudimentVariant(rudiment, index, variation) ?? [],
    );
    return PLAYABLE_LEVELS.filter((level) => level >= rudiment.minLevel).flatMap((level) =>
      variants.map((variant) => rudimentExercise(variant, level)),
    );
  },
}));
