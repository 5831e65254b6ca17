import { METRONOME_BPM } from '@stickwork/domain';

/** The lesson's start tempo, or 120 when it has none (product-spec §9). */
export const initialBpm = (startBpm: number | undefined): number =>
  clampBpm(startBpm ?? METRONOME_BPM.default);

/** Tempo clamped to 30-250 BPM (product-spec §5); anything unreadable is the default. */
export const clampBpm = (bpm: number): number =>
  Number.isFinite(bpm)
    ? Math.min(METRONOME_BPM.max, Math.max(METRONOME_BPM.min, Math.round(bpm)))
    : METRONOME_BPM.default;

/** Milliseconds between clicks. */
export const clickIntervalMs = (bpm: number): number => 60_000 / clampBpm(bpm);
