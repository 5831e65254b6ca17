import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PRACTICE_SETTINGS,
  parsePracticeSettings,
  PRACTICE_SETTINGS_KEY,
  readPracticeSettings,
  writePracticeSettings,
} from './practice-settings';

afterEach(() => window.localStorage.clear());

describe('the practice settings kept in the browser', () => {
  it('read back what was written', () => {
    const settings = {
      ...DEFAULT_PRACTICE_SETTINGS,
      subdivision: 3 as const,
      click: false,
      patternMuted: true,
      volume: 0.35,
      trainer: { enabled: true, stepBpm: 5, everyBars: 8 },
      gap: { enabled: true, withClick: 4, silent: 1 },
    };
    writePracticeSettings(settings);
    expect(readPracticeSettings()).toEqual(settings);
  });

  it('fall back field by field to the defaults for anything missing, out of range or unreadable', () => {
    expect(readPracticeSettings()).toEqual(DEFAULT_PRACTICE_SETTINGS);
    window.localStorage.setItem(PRACTICE_SETTINGS_KEY, '{not json');
    expect(readPracticeSettings()).toEqual(DEFAULT_PRACTICE_SETTINGS);
    expect(
      parsePracticeSettings({
        subdivision: 5,
        accentFirstBeat: 'yes',
        volume: 7,
        trainer: { enabled: true, stepBpm: 0, everyBars: 99 },
        gap: { withClick: -3, silent: 'two' },
      }),
    ).toEqual({
      ...DEFAULT_PRACTICE_SETTINGS,
      volume: 1,
      trainer: { enabled: true, stepBpm: 1, everyBars: 32 },
      gap: { enabled: false, withClick: 1, silent: 2 },
    });
    expect(parsePracticeSettings(null)).toEqual(DEFAULT_PRACTICE_SETTINGS);
  });

  it("keep the mixer: kit sound, kit, click and the drummer's own levels and the hi-hat, each read on its own", () => {
    expect(DEFAULT_PRACTICE_SETTINGS.sound).toEqual({
      kitSound: 'acoustic',
      kit: 0.8,
      click: 0.8,
      own: 0.8,
      hiHat: true,
    });
    const mixed = {
      ...DEFAULT_PRACTICE_SETTINGS,
      sound: { kitSound: 'click-only' as const, kit: 0.25, click: 1, own: 0.4, hiHat: false },
    };
    writePracticeSettings(mixed);
    expect(readPracticeSettings()).toEqual(mixed);
    // Settings stored before the mixer existed read as the default mix.
    const { sound: _sound, ...older } = DEFAULT_PRACTICE_SETTINGS;
    expect(parsePracticeSettings({ ...older, volume: 0.5 }).sound).toEqual(DEFAULT_PRACTICE_SETTINGS.sound);
    expect(
      parsePracticeSettings({ sound: { kitSound: 'jazz', kit: -1, click: '0.3', own: 7, hiHat: false } })
        .sound,
    ).toEqual({ kitSound: 'acoustic', kit: 0, click: 0.8, own: 1, hiHat: false });
    // A mix stored before the drummer's own level existed keeps its levels and gets the default own level.
    expect(parsePracticeSettings({ sound: { kitSound: 'electronic', kit: 0.4 } }).sound).toEqual({
      kitSound: 'electronic',
      kit: 0.4,
      click: 0.8,
      own: 0.8,
      hiHat: true,
    });
  });
});
