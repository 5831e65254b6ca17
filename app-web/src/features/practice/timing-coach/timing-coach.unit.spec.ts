import type { Notation } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import { storedLatencyMs, storeLatencyMs } from './calibration';
import { GENERAL_MIDI_DRUMS, loadDrumMap, saveDrumMapEntry } from './drum-map';
import { laneData } from './lane-data';
import { strokeOf } from './midi-input';
import {
  emptyTake,
  finalScore,
  liveScore,
  noteScheduled,
  offsetHistogram,
  strokeHeard,
  type Take,
} from './take';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('the e-kit map', () => {
  it('reads General MIDI drum notes as the kit voices the issue names', () => {
    expect(
      [36, 38, 40, 37, 42, 44, 46, 48, 45, 43, 49, 57, 51, 59].map((note) => GENERAL_MIDI_DRUMS[note]),
    ).toEqual([
      'bass_drum',
      'snare',
      'snare',
      'rim_click',
      'hi_hat',
      'hi_hat_foot',
      'hi_hat_open',
      'high_tom',
      'mid_tom',
      'floor_tom',
      'crash',
      'crash',
      'ride',
      'ride',
    ]);
  });

  it('remembers a remap per device, leaving other devices on General MIDI', () => {
    const storage = memoryStorage();
    saveDrumMapEntry('TD-07', 38, 'rim_click', storage);
    expect(loadDrumMap('TD-07', storage)[38]).toBe('rim_click');
    expect(loadDrumMap('Alesis', storage)[38]).toBe('snare');
    storage.setItem('stickwork.midi-map.Broken', '{not json');
    expect(loadDrumMap('Broken', storage)).toEqual(GENERAL_MIDI_DRUMS);
  });

  it('takes note-ons of any channel and ignores note-offs', () => {
    expect(strokeOf(new Uint8Array([0x99, 38, 90]), 12)).toEqual({ note: 38, velocity: 90, receivedAt: 12 });
    expect(strokeOf(new Uint8Array([0x90, 38, 0]), 12)).toBeNull();
    expect(strokeOf(new Uint8Array([0x89, 38, 64]), 12)).toBeNull();
  });
});

describe('latency calibration', () => {
  it('is stored per input', () => {
    const storage = memoryStorage();
    expect(storedLatencyMs('microphone', storage)).toBeNull();
    storeLatencyMs('microphone', 41, storage);
    expect(storedLatencyMs('microphone', storage)).toBe(41);
  });

  it('forgets a stored figure no setup can show (stored before calibration refused it)', () => {
    const storage = memoryStorage();
    storeLatencyMs('microphone', -120, storage);
    expect(storedLatencyMs('microphone', storage)).toBeNull();
    storeLatencyMs('midi:Test Kit', 327, storage);
    expect(storedLatencyMs('midi:Test Kit', storage)).toBeNull();
  });
});

describe('a take', () => {
  /** Four snare quarters at 120 bpm from 12 s, the take started at 10 s, with the setup's latency. */
  const takeWith = (latencyMs: number, strokeTimes: number[]): Take => {
    const take = emptyTake(10, latencyMs, true);
    [0, 0.5, 1, 1.5].forEach((offset, step) =>
      noteScheduled(take, {
        time: 12 + offset,
        due: { timeMs: 2000 + offset * 1000, voice: 'snare', bpm: 120 },
        step,
        pass: 0,
      }),
    );
    for (const time of strokeTimes) strokeHeard(take, { time, voice: 'snare' });
    return take;
  };

  it('subtracts the latency before judging', () => {
    const score = finalScore(takeWith(23, [12.038, 12.538, 13.038, 13.538]), 20);
    expect(score.meanOffsetMs).toBeCloseTo(15, 6);
    expect(score.hits.every((hit) => hit.timing === 'late')).toBe(true);
  });

  it('live, counts only the notes nothing can change any more', () => {
    const take = takeWith(0, [12.001]);
    // Settled a quarter of a second behind the clock: at 12.4 s the first note's reach (to 12.125) has.
    expect(liveScore(take, 12.3)).toMatchObject({ expected: 0 });
    expect(liveScore(take, 12.4)).toMatchObject({ expected: 1, hit: 1, missed: 0, extra: 0 });
    expect(finalScore(take, 20)).toMatchObject({ expected: 4, hit: 1, missed: 3 });
  });

  it("a take stopped before a note's reach has passed does not count that note", () => {
    expect(finalScore(takeWith(0, [12, 12.5]), 12.6)).toMatchObject({ expected: 1, hit: 1 });
  });

  it('judges a stroke the page delivered late (a busy main thread) against its note, not as extra', () => {
    const take = takeWith(0, []);
    liveScore(take, 12.2); // a frame while the stroke played at 12.0 is still queued
    strokeHeard(take, { time: 12.0, voice: 'snare' });
    expect(finalScore(take, 12.4)).toMatchObject({ expected: 1, hit: 1, extra: 0 });
  });

  it('bins the offsets of the strokes that played notes for the histogram', () => {
    const score = finalScore(takeWith(0, [11.975, 12.475, 13.015, 13.515]), 20);
    const bins = offsetHistogram(score);
    expect(bins.find((bin) => bin.from === -30)?.count).toBe(2);
    expect(bins.find((bin) => bin.from === 10)?.count).toBe(2);
  });
});

describe('the lane view', () => {
  it("draws each drum's lane with its notes, its strokes by timing, a flam's grace stroke and extra strokes", () => {
    const notation: Notation = {
      timeSignature: { beats: 4, beatUnit: 4 },
      subdivision: 2,
      bars: 1,
      notes: [
        { step: 0, voice: 'snare', ornament: 'flam' },
        { step: 2, voice: 'bass_drum' },
        { step: 4, voice: 'snare' },
      ],
    };
    const take = emptyTake(10, 0, true);
    for (const note of notation.notes)
      noteScheduled(take, {
        time: 12 + note.step / 4,
        due: {
          timeMs: 2000 + note.step * 250,
          voice: note.voice,
          bpm: 120,
          lengthMs: 500,
          ...(note.ornament ? { ornament: note.ornament } : {}),
        },
        step: note.step,
        pass: 0,
      });
    // The flam's grace 30 ms before its note, an extra snare stroke and a crash the pattern does not
    // play, then the bass drum 50 ms late and the snare on time.
    for (const [time, voice] of [
      [11.97, 'snare'],
      [12, 'snare'],
      [12.25, 'snare'],
      [12.3, 'crash'],
      [12.55, 'bass_drum'],
      [13, 'snare'],
    ] as const)
      strokeHeard(take, { time, voice });
    const score = finalScore(take, 20);
    expect(score).toMatchObject({ hit: 3, extra: 2 });
    const lanes = laneData(notation, take, score, true, 13.1);
    expect(lanes.lanes).toEqual(['Snare', 'Bass drum']);
    expect(lanes.notes).toHaveLength(3);
    const hits = [...lanes.hits].sort((a, b) => a.at - b.at);
    // The crash has no lane here: the summary counts it as extra.
    expect(hits.map(({ lane, timing }) => ({ lane, timing }))).toEqual([
      { lane: 0, timing: 'ornament' },
      { lane: 0, timing: 'on' },
      { lane: 0, timing: null },
      { lane: 1, timing: 'late' },
      { lane: 0, timing: 'on' },
    ]);
    // Placed at its note moved by its offset (30 ms before the first of four beats of 500 ms), an extra
    // stroke where it was played (half way to the second beat).
    expect(hits[0]?.at).toBeCloseTo(-30 / 500 / 4, 9);
    expect(hits[2]?.at).toBeCloseTo(0.5 / 4, 9);
    expect(hits[3]?.at).toBeCloseTo((1 + 50 / 500) / 4, 9);
  });
});
