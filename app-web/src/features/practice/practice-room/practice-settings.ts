import {
  DEFAULT_GAP_CLICK,
  gapClick,
  METRONOME_SUBDIVISIONS,
  TRAINER_EVERY_BARS,
  TRAINER_STEP_BPM,
  type GapClick,
  type MetronomeSubdivision,
} from '@stickwork/domain';
import { DEFAULT_SOUND, KIT_SOUNDS, type SoundMix } from './sound-mix';

/**
 * What a drummer set up in the practice room, kept per browser. The tempo is not among it: every card
 * starts at its lesson's start bpm. The trainer keeps its step and bar count; its start and target come
 * from each lesson (start bpm, +20 %), since a target tempo only makes sense for one exercise.
 */
export interface PracticeSettings {
  subdivision: MetronomeSubdivision;
  accentFirstBeat: boolean;
  /** The click sounds (with the metronome, the pattern and the trainer). */
  click: boolean;
  /** The pattern runs silently (the notation follows) while the click plays. */
  patternMuted: boolean;
  countIn: boolean;
  /** 0-1: the master volume. */
  volume: number;
  /** The mixer: what the kit sounds like, its level, the click's and the drummer's own, and whether the hi-hat plays. */
  sound: SoundMix;
  trainer: { enabled: boolean; stepBpm: number; everyBars: number };
  gap: GapClick & { enabled: boolean };
}

export const PRACTICE_SETTINGS_KEY = 'stickwork.practice-room';

export const DEFAULT_PRACTICE_SETTINGS: PracticeSettings = {
  subdivision: 1,
  accentFirstBeat: true,
  click: true,
  patternMuted: false,
  countIn: true,
  volume: DEFAULT_SOUND.volume,
  sound: DEFAULT_SOUND.mix,
  trainer: { enabled: false, stepBpm: TRAINER_STEP_BPM.default, everyBars: TRAINER_EVERY_BARS.default },
  gap: { enabled: false, ...DEFAULT_GAP_CLICK },
};

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose =>
  typeof value === 'object' && value !== null ? (value as Loose) : {};
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const within = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;

/** Whatever was stored, read field by field: anything missing or unreadable is its default. */
export const parsePracticeSettings = (value: unknown): PracticeSettings => {
  const stored = record(value);
  const trainer = record(stored.trainer);
  const gap = record(stored.gap);
  const sound = record(stored.sound);
  const defaults = DEFAULT_PRACTICE_SETTINGS;
  const subdivision = METRONOME_SUBDIVISIONS.find((entry) => entry === stored.subdivision);
  return {
    subdivision: subdivision ?? defaults.subdivision,
    accentFirstBeat: bool(stored.accentFirstBeat, defaults.accentFirstBeat),
    click: bool(stored.click, defaults.click),
    patternMuted: bool(stored.patternMuted, defaults.patternMuted),
    countIn: bool(stored.countIn, defaults.countIn),
    volume: within(stored.volume, 0, 1, defaults.volume),
    sound: {
      kitSound: KIT_SOUNDS.find((entry) => entry === sound.kitSound) ?? defaults.sound.kitSound,
      kit: within(sound.kit, 0, 1, defaults.sound.kit),
      click: within(sound.click, 0, 1, defaults.sound.click),
      own: within(sound.own, 0, 1, defaults.sound.own),
      hiHat: bool(sound.hiHat, defaults.sound.hiHat),
    },
    trainer: {
      enabled: bool(trainer.enabled, defaults.trainer.enabled),
      stepBpm: Math.round(
        within(trainer.stepBpm, TRAINER_STEP_BPM.min, TRAINER_STEP_BPM.max, defaults.trainer.stepBpm),
      ),
      everyBars: Math.round(
        within(trainer.everyBars, TRAINER_EVERY_BARS.min, TRAINER_EVERY_BARS.max, defaults.trainer.everyBars),
      ),
    },
    gap: {
      enabled: bool(gap.enabled, defaults.gap.enabled),
      ...gapClick({
        withClick: typeof gap.withClick === 'number' ? gap.withClick : defaults.gap.withClick,
        silent: typeof gap.silent === 'number' ? gap.silent : defaults.gap.silent,
      }),
    },
  };
};

export const readPracticeSettings = (): PracticeSettings => {
  const raw = storage()?.getItem(PRACTICE_SETTINGS_KEY);
  if (!raw) return DEFAULT_PRACTICE_SETTINGS;
  try {
    return parsePracticeSettings(JSON.parse(raw));
  } catch {
    return DEFAULT_PRACTICE_SETTINGS;
  }
};

export const writePracticeSettings = (settings: PracticeSettings): void => {
  try {
    storage()?.setItem(PRACTICE_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or blocked: the settings last for this card only.
  }
};
