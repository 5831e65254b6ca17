import type { LevelIndex } from '../rules/levels.js';
import type { LessonFocus } from '../rules/skills.js';
import type { ClickTrack, NoteEvent, Notation, Voice } from './exercise.js';
import type { ExerciseDraft, ExerciseFamily } from './family.js';
import { sentences, slotOf } from './family.js';
import { notation } from './grid.js';
import type { Grid } from './grid.js';
import { kitNotes } from './kit.js';
import type { KitParts } from './kit.js';
import { levelRange, levelsFrom, roundBpm, tempoForLevel } from './tempo.js';

/** A layer of a kit exercise: an ostinato, a variation, a feel. */
export interface Layer {
  label: string;
  parts: KitParts;
  /** Levels above the family's first level at which this layer is introduced. */
  level: number;
  sticking?: Partial<Record<Voice, string>>;
  /** A sentence for the description. */
  text?: string;
}

export const layer = (label: string, parts: KitParts, level = 0, extra: Partial<Layer> = {}): Layer => ({
  label,
  parts,
  level,
  ...extra,
});

export interface ComboContext {
  base: Layer;
  variation: Layer;
  bpm: number;
  level: LevelIndex;
  grid: Grid;
  repetitions: number;
  /** The combination's notation, which the description is written from. */
  notation: Notation;
}

/**
 * A family built as every base layer (e.g. an ostinato) × every variation, each played at `span` levels
 * from where it is introduced. Slots: [base (< 8), variation (< 64), level, tempo step].
 */
export interface ComboSpec {
  index: number;
  key: string;
  focus: LessonFocus;
  grid: Grid;
  tempo: [number, number];
  minLevel: number;
  span: number;
  bases: readonly Layer[];
  variations: readonly Layer[];
  name: (context: ComboContext) => string;
  describe: (context: ComboContext) => (string | false | undefined)[];
  practiceTime: number;
  repetitions: number;
  padSufficient?: boolean;
  click?: (context: Omit<ComboContext, 'repetitions' | 'notation'>) => ClickTrack | undefined;
  /** Adds a slow-practice version at 75% of the level tempo next to every exercise. */
  slowPractice?: boolean;
  /**
   * Writes the notes of a combination when voices alone cannot say it, e.g. both hands on the one pad;
   * by default every voice of both layers is played as `kitNotes` writes it.
   */
  notes?: (base: Layer, variation: Layer, totalSteps: number) => NoteEvent[];
  /** The hands are two parts: a hand ostinato against the other hand's line (`Notation.handsApart`). */
  handsApart?: true;
}

const SLOW_PRACTICE_SHARE = 0.75;
const SLOW_PRACTICE_TEXT =
  'Slow-practice version: three quarters of the target tempo, to get every note in place before speeding up.';

const withClick = (shared: Notation, click: ClickTrack | undefined): Notation =>
  click ? { ...shared, click } : shared;

export function comboFamily(spec: ComboSpec): ExerciseFamily {
  const total = spec.grid.beats * spec.grid.subdivision * spec.grid.bars;
  return {
    index: spec.index,
    key: spec.key,
    build: () =>
      spec.bases.flatMap((base, b) =>
        spec.variations.flatMap((variation, v) => {
          const notes = spec.notes
            ? spec.notes(base, variation, total)
            : kitNotes({ ...base.parts, ...variation.parts }, total, {
                ...base.sticking,
                ...variation.sticking,
              });
          // One notation per combination, shared by its levels (catalogue entries are read-only).
          const shared = {
            ...notation(spec.grid, notes),
            ...(spec.handsApart && { handsApart: true as const }),
          };
          const tempoSteps = spec.slowPractice ? [0, 1] : [0];
          return levelsFrom(Math.min(7, spec.minLevel + base.level + variation.level), spec.span).flatMap(
            (level) =>
              tempoSteps.map((tempoStep): ExerciseDraft => {
                const levelBpm = tempoForLevel(level, spec.tempo[0], spec.tempo[1]);
                const bpm = tempoStep === 1 ? roundBpm(levelBpm * SLOW_PRACTICE_SHARE) : levelBpm;
                const context: ComboContext = {
                  base,
                  variation,
                  bpm,
                  level,
                  grid: spec.grid,
                  repetitions: spec.repetitions,
                  notation: shared,
                };
                return {
                  slot: slotOf([b, v, level, tempoStep], [8, 64, 8, 2]),
                  name: tempoStep === 1 ? `${spec.name(context)} (slow practice)` : spec.name(context),
                  focus: spec.focus,
                  ...levelRange(level),
                  padSufficient: spec.padSufficient ?? false,
                  description: sentences(...spec.describe(context), tempoStep === 1 && SLOW_PRACTICE_TEXT),
                  startBpm: bpm,
                  repetitions: spec.repetitions,
                  practiceTime: spec.practiceTime,
                  type: 'exercise',
                  notation: withClick(shared, spec.click?.(context)),
                };
              }),
          );
        }),
      ),
  };
}

/** All non-empty subsets of the four 16th positions of one beat, as 4-character cells ("x-x-"). */
export const SIXTEENTH_CELLS: readonly { cell: string; label: string; syncopated: boolean; size: number }[] =
  Array.from({ length: 15 }, (_, i) => i + 1).map((mask) => {
    const names = ['1', 'e', '&', 'a'];
    const cell = names.map((_, bit) => (mask & (8 >> bit) ? 'x' : '-')).join('');
    const hits = names.filter((_, bit) => mask & (8 >> bit));
    return {
      cell,
      label: hits.join(' '),
      syncopated: hits.includes('e') || hits.includes('a'),
      size: hits.length,
    };
  });
