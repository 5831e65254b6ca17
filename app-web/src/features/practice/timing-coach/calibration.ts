import { isPlausibleLatency } from '@stickwork/domain';

/** A figure stored for an input (a MIDI device by name, or 'microphone'); null when none is, or it is
 * not one `valid` accepts. */
const storedFigure = (
  key: string,
  valid: (value: number) => boolean,
  storage: Pick<Storage, 'getItem'>,
): number | null => {
  const stored = storage.getItem(key);
  const value = Number(stored);
  return stored === null || !valid(value) ? null : value;
};

const latencyKey = (inputKey: string) => `stickwork.latency.${inputKey}`;
const sensitivityKey = (inputKey: string) => `stickwork.sensitivity.${inputKey}`;

/**
 * The stored latency of an input, ms; null until calibrated, and for a figure stored before calibration
 * refused what no setup can show (negative, or Bluetooth's delay).
 */
export const storedLatencyMs = (
  inputKey: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): number | null => storedFigure(latencyKey(inputKey), isPlausibleLatency, storage);

export const storeLatencyMs = (
  inputKey: string,
  latencyMs: number,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void => storage.setItem(latencyKey(inputKey), String(latencyMs));

/** The sensitivity chosen for an input (the microphone), 0-1; null when none was. */
export const storedSensitivity = (
  inputKey: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): number | null => storedFigure(sensitivityKey(inputKey), (value) => value >= 0 && value <= 1, storage);

export const storeSensitivity = (
  inputKey: string,
  sensitivity: number,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void => storage.setItem(sensitivityKey(inputKey), String(sensitivity));
