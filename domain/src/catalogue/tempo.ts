import type { LevelIndex } from '../rules/levels.js';
import { METRONOME_BPM } from '../rules/limits.js';

/** Level indexes 1 (starter) to 7 (absolute_pro) that exercises are written for. */
export const PLAYABLE_LEVELS: readonly LevelIndex[] = [1, 2, 3, 4, 5, 6, 7];

/**
 * Target speed of 16th-note single strokes per level, from the hand-speed level descriptions
 * (70, 110, 150, 180, 200, 230 bpm). Starter has no speed goal in the descriptions; 60 is its entry tempo.
 */
export const SINGLES_TARGET_BPM: Record<LevelIndex, number> = {
  0: 60,
  1: 60,
  2: 70,
  3: 110,
  4: 150,
  5: 180,
  6: 200,
  7: 230,
};

/** A comfortable control tempo for 16th-note rudiment work per level (well below top speed). */
export const CONTROL_BPM_16THS: Record<LevelIndex, number> = {
  0: 56,
  1: 60,
  2: 72,
  3: 84,
  4: 96,
  5: 108,
  6: 120,
  7: 132,
};

/** Rounds to an even bpm inside the metronome range. */
export const roundBpm = (bpm: number): number =>
  Math.min(METRONOME_BPM.max, Math.max(METRONOME_BPM.min, 2 * Math.round(bpm / 2)));

/** Linear tempo for a level between the tempo at starter and at absolute_pro. */
export const tempoForLevel = (level: LevelIndex, atStarter: number, atAbsolutePro: number): number =>
  roundBpm(atStarter + ((atAbsolutePro - atStarter) * (level - 1)) / 6);

/** Levels from `from` up to `from + span - 1`, capped at absolute_pro. */
export const levelsFrom = (from: number, span: number): LevelIndex[] =>
  PLAYABLE_LEVELS.filter((level) => level >= from && level < from + span);

/** An exercise written for one level is also fine one level up. */
export const levelRange = (level: LevelIndex): { minLevel: LevelIndex; maxLevel: LevelIndex } => ({
  minLevel: level,
  maxLevel: Math.min(level + 1, 7) as LevelIndex,
});
