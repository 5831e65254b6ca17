import type { Notation, Voice } from '../catalogue/exercise.js';
import { stepsPerBar } from '../catalogue/grid.js';
import { isSilentGapBar } from './gap-click.js';
import { noteStrokes } from './note-strokes.js';
import type { PlaybackPosition } from './playback-position.js';
import {
  beatsPerBarOf,
  countInBarsOf,
  playsExercise,
  type ClickSound,
  type PracticeProgram,
} from './practice-program.js';
import { trainerTempoAt } from './speed-trainer.js';

/** A playback position with the bar count the panel shows (the trainer's and gap click's bars). */
export interface PracticePosition extends PlaybackPosition {
  /** Bars played since the count-in ended (0-based; the count-in's own beats have 0). */
  barNumber: number;
}

export type PlannedSound =
  | { kind: 'click'; click: ClickSound }
  | { kind: 'drum'; voice: Voice; velocity: number; step: number; grace: boolean };

/** What one beat holds: its sounds and positions, at beat fractions `at` in [0, 1), plus seconds `offset`. */
export interface BeatPlan {
  /** The tempo of this beat (the trainer's when it runs, otherwise the drummer's). */
  bpm: number;
  sounds: { at: number; offset: number; sound: PlannedSound }[];
  positions: { at: number; position: PracticePosition }[];
}

/** Where a beat lies: in the count-in, or in which bar of the exercise (counted on, and in the notation). */
interface BeatPlace {
  countIn: boolean;
  barNumber: number;
  beatInBar: number;
}

const placeOf = (program: PracticeProgram, beat: number): BeatPlace => {
  const beatsPerBar = beatsPerBarOf(program);
  const countInBeats = countInBarsOf(program) * beatsPerBar;
  if (beat < countInBeats) return { countIn: true, barNumber: 0, beatInBar: beat % beatsPerBar };
  const played = beat - countInBeats;
  return {
    countIn: false,
    barNumber: Math.floor(played / beatsPerBar),
    beatInBar: played % beatsPerBar,
  };
};

/** A compound meter (6/8, 12/8): its beats are eighths, felt three to a dotted-quarter pulse. */
export const isCompoundMeter = ({ beats, beatUnit }: Notation['timeSignature']): boolean =>
  beatUnit === 8 && beats % 3 === 0;

/** The tempo with the note it counts: "♪ = 160 (♩. = 53)" in compound time, "♩ = 90" otherwise. */
export const tempoWithNote = (timeSignature: Notation['timeSignature'], bpm: number): string => {
  if (timeSignature.beatUnit === 4) return `♩ = ${bpm}`;
  const eighths = `♪ = ${bpm}`;
  return isCompoundMeter(timeSignature) ? `${eighths} (♩. = ${Math.round(bpm / 3)})` : eighths;
};

const isCompound = ({ notation }: Pick<PracticeProgram, 'notation'>): boolean =>
  notation !== null &&
  isCompoundMeter(notation.timeSignature) &&
  (notation.click?.placement ?? 'beat') === 'beat';

/** Click fractions of a beat and their sounds, following the exercise's click track when it plays. */
const clicksOf = (
  program: PracticeProgram,
  place: BeatPlace,
): { at: number; offset: number; sound: PlannedSound }[] => {
  const { subdivision, accentFirstBeat } = program.click;
  const onBeat: ClickSound = place.beatInBar === 0 && accentFirstBeat ? 'accent' : 'beat';
  const click = (at: number, sound: ClickSound) => ({
    at,
    offset: 0,
    sound: { kind: 'click', click: sound } as const,
  });
  // Compound time (6/8, 12/8) is felt in dotted quarters: 1 strong, the other pulses medium ('beat'), the
  // eighths between them weak ('subdivision') and only when asked for (a subdivision above 1).
  if (isCompound(program)) {
    const pulse = place.beatInBar % 3 === 0;
    if (pulse) return [click(0, onBeat)];
    return !place.countIn && subdivision > 1 ? [click(0, 'subdivision')] : [];
  }
  if (place.countIn) return [click(0, onBeat)];
  const placement = playsExercise(program) ? (program.notation?.click?.placement ?? 'beat') : 'beat';
  switch (placement) {
    case 'beat':
      return [
        click(0, onBeat),
        ...Array.from({ length: subdivision - 1 }, (_, index) =>
          click((index + 1) / subdivision, 'subdivision'),
        ),
      ];
    // An exercise that writes its own click placement is about that placement: no subdivisions added.
    case 'offbeat':
      return [click(0.5, 'beat')];
    case 'backbeat':
      return place.beatInBar % 2 === 1 ? [click(0, 'beat')] : [];
    case 'bar_downbeat':
      return place.beatInBar === 0 ? [click(0, onBeat)] : [];
    default: {
      const never: never = placement;
      return never;
    }
  }
};

/**
 * Whether a bar of the run is silent, by one rule for both kinds: a gap-click bar (the gap in force
 * there) and a bar the exercise's own click track mutes are silent altogether, click and pattern, so
 * the drummer keeps time alone. Never the count-in.
 */
export const isSilentBar = (program: PracticeProgram, barNumber: number): boolean => {
  const exercise = playsExercise(program) && program.notation ? program.notation : null;
  const notationBar = exercise ? barNumber % exercise.bars : barNumber;
  return (
    isSilentGapBar(program.gap, program.gapChanges ?? [], barNumber) ||
    (exercise !== null && (exercise.click?.mutedBars ?? []).includes(notationBar))
  );
};

/**
 * Everything beat `beat` of a run plays (beats counted from the start, count-in included), at the
 * drummer's tempo `bpm` or the trainer's. Silent bars (`isSilentBar`) play nothing; the count-in
 * clicks whatever the click setting, since nobody can come in on time without it.
 */
export const planBeat = (program: PracticeProgram, beat: number, bpm: number): BeatPlan => {
  const place = placeOf(program, beat);
  const { trainer, notation } = program;
  const beatBpm = trainer
    ? place.countIn
      ? trainer.startBpm
      : trainerTempoAt(trainer, place.barNumber)
    : bpm;
  const exercise = playsExercise(program) && notation ? notation : null;
  const notationBar = exercise ? place.barNumber % exercise.bars : place.barNumber;
  const silent = !place.countIn && isSilentBar(program, place.barNumber);

  const sounds = (program.click.enabled || place.countIn) && !silent ? clicksOf(program, place) : [];
  const position = (at: number, step: number | null): { at: number; position: PracticePosition } => ({
    at,
    position: {
      step,
      bar: place.countIn ? 0 : notationBar,
      beat: place.beatInBar,
      countIn: place.countIn,
      silent,
      bpm: beatBpm,
      barNumber: place.barNumber,
    },
  });
  if (!exercise || place.countIn) return { bpm: beatBpm, sounds, positions: [position(0, null)] };

  const subdivision = exercise.subdivision;
  const firstStep =
    notationBar * stepsPerBar({ beats: exercise.timeSignature.beats, subdivision }) +
    place.beatInBar * subdivision;
  const stepSeconds = 60 / beatBpm / subdivision;
  const positions = Array.from({ length: subdivision }, (_, tick) =>
    position(tick / subdivision, firstStep + tick),
  );
  if (program.pattern === 'audible' && !silent) {
    for (const note of exercise.notes) {
      const tick = note.step - firstStep;
      if (tick < 0 || tick >= subdivision) continue;
      for (const stroke of noteStrokes(note, stepSeconds)) {
        sounds.push({
          at: tick / subdivision,
          offset: stroke.offset,
          sound: {
            kind: 'drum',
            voice: stroke.voice,
            velocity: stroke.velocity,
            step: note.step,
            grace: stroke.grace,
          },
        });
      }
    }
  }
  return { bpm: beatBpm, sounds, positions };
};
