import { renderDrumAudio, uniformNoise, type Stroke } from '@stickwork/domain/testing/drum-audio';
import { describe, expect, it } from 'vitest';
import { onsetsIn, recordingOrigin } from './recording-alignment';

/** A drummer's strokes on the audio clock: 8ths at 110 bpm for 12 s from 20 s, each up to 12 ms off. */
const jitter = uniformNoise(7);
const heard = Array.from({ length: 44 }, (_, index) => 20 + index * (60 / 110 / 2) + 0.012 * jitter());
// The recording's first sample sat at 20.047 on the audio clock; its start event said 20.000.
const ORIGIN = 20.047;
const START_EVENT = 20;

describe('placing a recording on the audio clock by the strokes the coach heard', () => {
  it('finds the first sample within half a ms, though a few strokes are missed and others are extra', () => {
    const wobble = uniformNoise(3);
    const recorded = heard
      .filter((_, index) => index % 7 !== 3) // strokes the recording's detector missed
      .map((time) => time - ORIGIN + 0.0004 * wobble()) // the codec moves an attack a little
      .concat([0.71, 3.333, 8.02]) // sounds the coach did not count
      .sort((a, b) => a - b);
    const placed = recordingOrigin(heard, recorded, START_EVENT, 13)!;
    expect(Math.abs(placed.origin - ORIGIN) * 1000).toBeLessThan(0.5);
    expect(placed.agreeing).toBe(recorded.length - 3);
  });

  it('does not take an evenly played beat for itself a beat away, nearer the start event', () => {
    const even = Array.from({ length: 24 }, (_, index) => 20 + index * 0.125);
    const recorded = even.map((time) => time - ORIGIN);
    // The start event is 100 ms off: the origin a 16th later (25 ms from it) agrees with one stroke less.
    const placed = recordingOrigin(even, recorded, ORIGIN + 0.1, 4)!;
    expect(placed.origin).toBeCloseTo(ORIGIN, 6);
    expect(placed.agreeing).toBe(24);
  });

  it('says nothing when the recording does not hold the strokes the coach heard', () => {
    const unrelated = Array.from({ length: 30 }, (_, index) => 0.3 + index * 0.4 + 0.05 * jitter());
    expect(recordingOrigin(heard, unrelated, START_EVENT, 13)).toBeNull();
    expect(recordingOrigin(heard, [], START_EVENT, 13)).toBeNull();
  });

  it('hears the strokes in a recording with the coach’s detector, to the ms', async () => {
    const rate = 48_000;
    const strokes: Stroke[] = [0.5, 0.83, 1.1, 1.52, 1.79, 2.2].map((time, index) => ({
      drum: index % 2 ? 'snare' : 'kick',
      time,
      peak: 0.6,
    }));
    const samples = renderDrumAudio(rate, 3, strokes, { noiseDbfs: -60 });
    const audio = { sampleRate: rate, getChannelData: () => samples };
    const onsets = await onsetsIn(audio, 0.5);
    expect(onsets).toHaveLength(strokes.length);
    onsets.forEach((onset, index) => expect(Math.abs(onset - strokes[index]!.time) * 1000).toBeLessThan(1));
    // Heard on the audio clock from 31.25 s: the recording is placed there.
    const placed = recordingOrigin(
      strokes.map(({ time }) => 31.25 + time),
      onsets,
      31.2,
      3,
    )!;
    expect(Math.abs(placed.origin - 31.25) * 1000).toBeLessThan(1);
  });
});
