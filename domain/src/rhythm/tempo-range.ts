import { METRONOME_BPM } from '../rules/limits.js';

/** Tempo clamped to the metronome's 30-250 bpm and rounded to a whole bpm; anything unreadable is 120. */
export const clampTempo = (bpm: number): number =>
  Number.isFinite(bpm)
    ? Math.min(METRONOME_BPM.max, Math.max(METRONOME_BPM.min, Math.round(bpm)))
    : METRONOME_BPM.default;

/** The tempo a lesson's practice room starts at: its start bpm, or 120 without one (product-spec §9). */
export const initialTempo = (startBpm: number | undefined): number =>
  clampTempo(startBpm ?? METRONOME_BPM.default);
