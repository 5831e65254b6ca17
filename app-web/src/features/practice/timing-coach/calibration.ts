import { isPlausibleLatency } from '@stickwork/domain';

const latencyKey = (inputKey: string) => `stickwork.latency.${inputKey}`;

/**
 * The stored latency of an input (a MIDI device by name, or 'microphone'), ms; null until calibrated, and
 * for a figure stored before calibration refused what no setup can show (negative, or Bluetooth's delay).
 */
export const storedLatencyMs = (
  inputKey: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): number | null => {
  const stored = storage.getItem(latencyKey(inputKey));
  const value = Number(stored);
  return stored === null || !isPlausibleLatency(value) ? null : value;
};

export const storeLatencyMs = (
  inputKey: string,
  latencyMs: number,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void => storage.setItem(latencyKey(inputKey), String(latencyMs));
