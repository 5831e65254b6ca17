import { clampTempo } from './tempo-range.js';

/**
 * The speed trainer: from a start tempo up to a target tempo, `stepBpm` faster every `everyBars` bars.
 * Bars are counted from the first bar after the count-in.
 */
export interface SpeedTrainer {
  startBpm: number;
  targetBpm: number;
  stepBpm: number;
  everyBars: number;
}

/** Trainer step limits: +1 to +20 bpm, every 1 to 32 bars. */
export const TRAINER_STEP_BPM = { min: 1, max: 20, default: 2 } as const;
export const TRAINER_EVERY_BARS = { min: 1, max: 32, default: 4 } as const;
/** The default target: 20 % above the lesson's start tempo. */
export const TRAINER_TARGET_FACTOR = 1.2;

const clampInt = (value: number, range: { min: number; max: number; default: number }): number =>
  Number.isFinite(value) ? Math.min(range.max, Math.max(range.min, Math.round(value))) : range.default;

/**
 * A trainer whose values are all in range: tempos 30-250, the target never below the start (the trainer
 * only speeds up), step 1-20 bpm, every 1-32 bars.
 */
export const speedTrainer = (values: SpeedTrainer): SpeedTrainer => {
  const startBpm = clampTempo(values.startBpm);
  return {
    startBpm,
    targetBpm: Math.max(startBpm, clampTempo(values.targetBpm)),
    stepBpm: clampInt(values.stepBpm, TRAINER_STEP_BPM),
    everyBars: clampInt(values.everyBars, TRAINER_EVERY_BARS),
  };
};

/** The lesson's defaults: start at its start bpm, target +20 %, +2 bpm every 4 bars. */
export const defaultSpeedTrainer = (startBpm: number): SpeedTrainer =>
  speedTrainer({
    startBpm,
    targetBpm: Math.round(clampTempo(startBpm) * TRAINER_TARGET_FACTOR),
    stepBpm: TRAINER_STEP_BPM.default,
    everyBars: TRAINER_EVERY_BARS.default,
  });

/** The tempo of bar `bar` (0-based, after the count-in): start + step per finished block, capped at the target. */
export const trainerTempoAt = (trainer: SpeedTrainer, bar: number): number =>
  Math.min(
    trainer.targetBpm,
    trainer.startBpm + trainer.stepBpm * Math.floor(Math.max(0, bar) / trainer.everyBars),
  );

/** The next rise after bar `bar`: at which bar and to what tempo; null once the target is reached. */
export const trainerNextStep = (
  trainer: SpeedTrainer,
  bar: number,
): { atBar: number; bpm: number } | null => {
  if (trainerTempoAt(trainer, bar) >= trainer.targetBpm) return null;
  const atBar = (Math.floor(Math.max(0, bar) / trainer.everyBars) + 1) * trainer.everyBars;
  return { atBar, bpm: trainerTempoAt(trainer, atBar) };
};
