import { renderDrumAudio, uniformNoise, type Stroke } from '@stickwork/domain/testing/drum-audio';
import { describe, expect, it } from 'vitest';
import { onsetsIn, placeRecording, recordingTimeline } from './recording-alignment';

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
    const placed = placeRecording(heard, recorded, START_EVENT, 13)!;
    expect(Math.abs(placed.origin - ORIGIN) * 1000).toBeLessThan(0.5);
    expect(placed.agreeing).toBe(recorded.length - 3);
    // Each stroke the recording holds is paired with its own onset; the sounds the coach did not count,
    // and the strokes the recording's detector missed, with none.
    expect(placed.matched).toHaveLength(recorded.length - 3);
    for (const { heard: time, recorded: onset } of placed.matched)
      expect(Math.abs(time - ORIGIN - onset) * 1000).toBeLessThan(0.5);
    const timeline = recordingTimeline(placed);
    expect(timeline.strokeAt(heard[3]!)).toBeNull();
    expect(timeline.strokeAt(heard[4]!)).toBe(placed.matched[3]!.recorded);
  });

  it('does not take an evenly played beat for itself a beat away, nearer the start event', () => {
    const even = Array.from({ length: 24 }, (_, index) => 20 + index * 0.125);
    const recorded = even.map((time) => time - ORIGIN);
    // The start event is 100 ms off: the origin a 16th later (25 ms from it) agrees with one stroke less.
    const placed = placeRecording(even, recorded, ORIGIN + 0.1, 4)!;
    expect(placed.origin).toBeCloseTo(ORIGIN, 6);
    expect(placed.agreeing).toBe(24);
  });

  it('says nothing when the recording does not hold the strokes the coach heard', () => {
    const unrelated = Array.from({ length: 30 }, (_, index) => 0.3 + index * 0.4 + 0.05 * jitter());
    expect(placeRecording(heard, unrelated, START_EVENT, 13)).toBeNull();
    expect(placeRecording(heard, [], START_EVENT, 13)).toBeNull();
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
    const placed = placeRecording(
      strokes.map(({ time }) => 31.25 + time),
      onsets,
      31.2,
      3,
    )!;
    expect(Math.abs(placed.origin - 31.25) * 1000).toBeLessThan(1);
  });

  // A take whose audio input glitched under load (seen in the journey at a load average of 10-20): the
  // coach heard the strokes before the glitch 10 ms earlier than the recording holds them, and the glitch
  // itself sounded like a stroke the recording does not hold.
  const GLITCH = 10;
  const glitched = heard.slice(0, GLITCH).map((time) => time - 0.01);
  const afterGlitch = heard.slice(GLITCH);
  const spurious = (heard[GLITCH - 1]! + heard[GLITCH]!) / 2;
  const recordedTake = heard.map((time) => time - ORIGIN);

  it('pairs each stroke with its own onset across a glitch of the input, and the glitch’s sound with none', () => {
    const coachHeard = [...glitched, spurious, ...afterGlitch];
    const placed = placeRecording(coachHeard, recordedTake, START_EVENT, 13)!;
    expect(Math.abs(placed.origin - ORIGIN) * 1000).toBeLessThan(0.5);
    const timeline = recordingTimeline(placed);
    expect(timeline.strokeAt(spurious)).toBeNull();
    [...glitched, ...afterGlitch].forEach((time, index) =>
      expect(timeline.strokeAt(time)).toBe(recordedTake[index]),
    );
    // The notes follow: a moment among the strokes before the glitch is placed as they are, 10 ms on.
    const early = glitched[4]! + 0.1;
    expect(Math.abs(timeline.timeOf(early) - (early + 0.01 - ORIGIN)) * 1000).toBeLessThan(0.01);
    const late = afterGlitch[20]! + 0.1;
    expect(Math.abs(timeline.timeOf(late) - (late - ORIGIN)) * 1000).toBeLessThan(0.01);
  });

  it('follows glitches that add up through the take, the start event late by 0.75 s', () => {
    // Every 11 strokes the input lost a 10 ms buffer: the last strokes are heard 30 ms off the first,
    // and no origin has half the strokes agreeing on it. The page was busy: the recorder's start event
    // came 0.75 s after its first sample.
    const drifting = heard.map((time, index) => time - 0.01 * Math.floor(index / 11));
    const placed = placeRecording(drifting, recordedTake, ORIGIN + 0.75, 13)!;
    expect(placed.agreeing).toBeLessThan(drifting.length / 2);
    const timeline = recordingTimeline(placed);
    drifting.forEach((time, index) => expect(timeline.strokeAt(time)).toBe(recordedTake[index]));
    const late = drifting[40]! + 0.1;
    expect(Math.abs(timeline.timeOf(late) - (late + 0.03 - ORIGIN)) * 1000).toBeLessThan(0.01);
  });

  it('keeps one stroke the recording’s detector heard a few ms off, without moving the notes around it', () => {
    const recordedSoft = recordedTake.map((onset, index) => (index === 20 ? onset - 0.0055 : onset));
    const placed = placeRecording(heard, recordedSoft, START_EVENT, 13)!;
    const timeline = recordingTimeline(placed);
    expect(timeline.strokeAt(heard[20]!)).toBe(recordedSoft[20]);
    expect(Math.abs(timeline.timeOf(heard[20]!) - (heard[20]! - ORIGIN)) * 1000).toBeLessThan(0.01);
  });

  it('pairs no stroke with another stroke’s onset: a grace stroke the recording did not hear, a sound 40 ms away', () => {
    // The coach heard a grace stroke 30 ms before stroke 12, and a stroke 40 ms after stroke 30 that the
    // recording holds nowhere near its place (the recording's detector heard only the main strokes).
    const grace = heard[12]! - 0.03;
    const stray = heard[30]! + 0.04;
    const placed = placeRecording(
      [...heard, grace, stray].sort((a, b) => a - b),
      recordedTake,
      START_EVENT,
      13,
    )!;
    const timeline = recordingTimeline(placed);
    expect(timeline.strokeAt(grace)).toBeNull();
    expect(timeline.strokeAt(stray)).toBeNull();
    expect(timeline.strokeAt(heard[12]!)).toBe(recordedTake[12]);
    expect(timeline.strokeAt(heard[30]!)).toBe(recordedTake[30]);
    expect(placed.matched).toHaveLength(heard.length);
  });

  it('places a take with no stroke heard by the start event alone', () => {
    expect(placeRecording([], recordedTake, START_EVENT, 13)).toBeNull();
    const timeline = recordingTimeline({ origin: START_EVENT, matched: [] });
    expect(timeline.timeOf(21.5)).toBeCloseTo(1.5, 9);
    expect(timeline.strokeAt(21.5)).toBeNull();
  });
});
