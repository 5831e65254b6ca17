import type { Voice } from '@stickwork/domain';

/**
 * General MIDI drum notes (channel 10) to the kit's voices. E-kits send these by default; a kit that
 * sends others can be remapped per device, and the remap is remembered in this browser.
 */
export const GENERAL_MIDI_DRUMS: Readonly<Record<number, Voice>> = {
  35: 'bass_drum',
  36: 'bass_drum',
  37: 'rim_click',
  38: 'snare',
  40: 'snare',
  42: 'hi_hat',
  44: 'hi_hat_foot',
  46: 'hi_hat_open',
  48: 'high_tom',
  50: 'high_tom',
  45: 'mid_tom',
  47: 'mid_tom',
  43: 'floor_tom',
  41: 'floor_tom',
  49: 'crash',
  57: 'crash',
  52: 'china',
  51: 'ride',
  59: 'ride',
  53: 'ride_bell',
  56: 'cowbell',
};

export type DrumMap = Readonly<Record<number, Voice>>;

const storageKey = (deviceName: string) => `stickwork.midi-map.${deviceName}`;

/** The map for a device: General MIDI with the drummer's changes on top. */
export const loadDrumMap = (
  deviceName: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): DrumMap => {
  try {
    const stored: unknown = JSON.parse(storage.getItem(storageKey(deviceName)) ?? '{}');
    const overrides =
      typeof stored === 'object' && stored !== null
        ? Object.fromEntries(
            Object.entries(stored).filter(
              ([note, voice]) => Number.isInteger(Number(note)) && typeof voice === 'string',
            ),
          )
        : {};
    return { ...GENERAL_MIDI_DRUMS, ...(overrides as Record<number, Voice>) };
  } catch {
    return GENERAL_MIDI_DRUMS;
  }
};

/** Remembers that `note` plays `voice` on this device. */
export const saveDrumMapEntry = (
  deviceName: string,
  note: number,
  voice: Voice,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): DrumMap => {
  const current = loadDrumMap(deviceName, storage);
  const overrides = Object.fromEntries(
    Object.entries({ ...current, [note]: voice }).filter(
      ([key, value]) => GENERAL_MIDI_DRUMS[Number(key)] !== value,
    ),
  );
  storage.setItem(storageKey(deviceName), JSON.stringify(overrides));
  return loadDrumMap(deviceName, storage);
};
