import { medianOffsetMs } from '@stickwork/domain';

/** Clicks the drummer plays along with to measure their setup's latency. */
export const CALIBRATION_CLICKS = 16;
export const CALIBRATION_BPM = 90;

/**
 * The offset of each hit from the click it answers (the nearest, within half a beat), ms. A click with no
 * answer, or a second hit on one click, is left out.
 */
export const calibrationOffsets = (
  clickTimes: readonly number[],
  hitTimes: readonly number[],
  bpm: number,
) => {
  const halfBeat = 30 / bpm;
  const answered = new Set<number>();
  const offsets: number[] = [];
  for (const hit of [...hitTimes].sort((a, b) => a - b)) {
    let nearest = -1;
    clickTimes.forEach((click, index) => {
      if (answered.has(index) || Math.abs(hit - click) > halfBeat) return;
      if (nearest < 0 || Math.abs(hit - click) < Math.abs(hit - (clickTimes[nearest] ?? 0))) nearest = index;
    });
    if (nearest < 0) continue;
    answered.add(nearest);
    offsets.push((hit - (clickTimes[nearest] ?? 0)) * 1000);
  }
  return offsets;
};

/** At least half the clicks must be answered for the figure to mean anything. */
export const latencyFromCalibration = (offsets: readonly number[]): number | null =>
  offsets.length >= CALIBRATION_CLICKS / 2 ? Math.round(medianOffsetMs(offsets)) : null;

const latencyKey = (inputKey: string) => `stickwork.latency.${inputKey}`;

/** The stored latency of an input (a MIDI device by name, or 'microphone'), ms; 0 until calibrated. */
export const storedLatencyMs = (
  inputKey: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): number | null => {
  const value = Number(storage.getItem(latencyKey(inputKey)));
  return storage.getItem(latencyKey(inputKey)) === null || !Number.isFinite(value) ? null : value;
};

export const storeLatencyMs = (
  inputKey: string,
  latencyMs: number,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void => storage.setItem(latencyKey(inputKey), String(latencyMs));

/** "your setup adds 23 ms" (or "takes away", when hits arrive early). */
export const latencyText = (latencyMs: number): string =>
  latencyMs >= 0 ? `Your setup adds ${latencyMs} ms` : `Your setup takes away ${-latencyMs} ms`;
