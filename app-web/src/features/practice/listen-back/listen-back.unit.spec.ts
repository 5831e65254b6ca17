import { TakeJudge, type TakeScore } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import type { ScoredTake } from '../timing-coach/timing-coach';
import { recordedTakeOf, strokeSoundingAt, type TakePlacement } from './listen-back';
import { takesToDrop } from './recorded-takes';
import { testPosition as position } from '../timing-coach/test-position';

const score = (hits: TakeScore['hits']): TakeScore => ({
  expected: 2,
  hit: 2,
  missed: 0,
  extra: 0,
  meanOffsetMs: 0,
  spreadMs: 0,
  accuracy: 95,
  dynamics: null,
  hits,
});

describe('a recorded take on its own time line', () => {
  // The take's first beat sounded at 10.5 s on the audio clock, the recording's first sample sits at 10.4 s,
  // and the setup's calibrated delay is 30 ms: the music, as the drummer heard it, begins 0.13 s into the
  // recording.
  const scored: ScoredTake = {
    score: score([
      { timeMs: 2000, expectedIndex: 0, offsetMs: 0, timing: 'on', tier: 'on' },
      { timeMs: 2520, expectedIndex: 1, offsetMs: 20, timing: 'late', tier: 'close' },
      { timeMs: 2480, expectedIndex: 1, offsetMs: null, timing: null, tier: null, ornament: true },
    ]),
    take: {
      startTime: 10.5,
      latencyMs: 30,
      notes: [],
      strokes: [],
      judge: new TakeJudge({ voiced: false }),
      voiced: false,
    },
    input: 'microphone',
    bpm: 120,
    byPosition: [],
    calibrated: true,
  };
  // The coach heard the two strokes at 12.53 and 13.05 s (the judge takes the 30 ms off), and the
  // recording holds them 2.13 and 2.65 s into it.
  const heardStrokes: TakePlacement = {
    by: 'heard-strokes',
    origin: 10.4,
    matched: [
      { heard: 12.53, recorded: 2.13 },
      { heard: 13.05, recorded: 2.65 },
    ],
  };
  const kept = (change: Partial<Parameters<typeof recordedTakeOf>[0]>) =>
    recordedTakeOf({
      id: 'a',
      lessonId: 7,
      recordedAt: 1,
      audio: new Blob(['x']),
      scored,
      planned: { positions: [], clicks: [] },
      placement: heardStrokes,
      endTime: 14,
      ...change,
    });
  const take = kept({
    planned: {
      positions: [
        { time: 10.2, position: position(null, true) }, // planned for a run before this take
        { time: 10.5, position: position(null, true) },
        { time: 12.5, position: position(0) },
        { time: 13, position: position(1) },
        { time: 20, position: position(2) }, // planned ahead, after the stop
      ],
      clicks: [
        { time: 10.5, click: 'accent' },
        { time: 12.5, click: 'accent' },
      ],
    },
  });

  it('places a stroke judged on time exactly with its note and its click', () => {
    const note = take.positions.find((entry) => entry.position.step === 0)!;
    const click = take.clicks[1]!;
    const onTime = take.strokes[0]!;
    expect(note.at).toBeCloseTo(2.13, 9);
    expect(click.at).toBeCloseTo(2.13, 9);
    expect(onTime.at).toBeCloseTo(2.13, 9);
    // A stroke 20 ms late sounds 20 ms after its note.
    const late = take.strokes[1]!;
    const second = take.positions.find((entry) => entry.position.step === 1)!;
    expect((late.at - second.at) * 1000).toBeCloseTo(20, 6);
    expect(late.offsetMs).toBe(20);
  });

  it('keeps what sounded during the take only, and no grace stroke as a stroke of its own', () => {
    expect(take.positions.map((entry) => entry.position.step)).toEqual([null, 0, 1]);
    expect(take.positions[0]!.at).toBeCloseTo(0.13, 9);
    expect(take.strokes).toHaveLength(2);
    expect(take).toMatchObject({ lessonId: 7, bpm: 120, accuracy: 95, placedBy: 'heard-strokes' });
  });

  it('marks a stroke the coach heard that the recording does not hold, placed by the strokes around it', () => {
    const withStray = kept({
      scored: {
        ...scored,
        score: score([
          ...scored.score.hits,
          // Heard at 12.83 s: a sound of the input's glitch, not in the recording.
          { timeMs: 2300, expectedIndex: null, offsetMs: null, timing: null, tier: null },
        ]),
      },
    });
    expect(withStray.strokes.map((stroke) => stroke.inRecording)).toEqual([true, true, false]);
    expect(withStray.strokes[2]!.at).toBeCloseTo(2.43, 9);
    expect(strokeSoundingAt(withStray.strokes, 2.5)).toEqual({
      at: expect.closeTo(2.43, 9),
      offsetMs: null,
      inRecording: false,
    });
  });

  it('follows the recording across a glitch: the notes and strokes before it 10 ms on', () => {
    // The coach heard the first stroke 10 ms before the recording holds it (the input lost a buffer
    // after it); the second as the origin says.
    const glitched = kept({
      planned: {
        positions: [
          { time: 12.5, position: position(0) },
          { time: 13, position: position(1) },
        ],
        clicks: [],
      },
      placement: {
        ...heardStrokes,
        matched: [
          { heard: 12.53, recorded: 2.14 },
          { heard: 13.05, recorded: 2.65 },
        ],
      },
    });
    expect(glitched.strokes[0]!.at).toBeCloseTo(2.14, 9);
    expect(glitched.strokes[1]!.at).toBeCloseTo(2.65, 9);
    // With two pairs, each moment takes their median: the first note is placed 5 ms on, between them.
    expect(glitched.positions[0]!.at).toBeCloseTo(2.135, 9);
  });

  it('places a take by the recorder’s start event alone, not saying which strokes it holds', () => {
    const byStart = kept({ placement: { by: 'recorder-start', origin: 10.4, matched: [] } });
    expect(byStart.strokes).toEqual([
      { at: expect.closeTo(2.13, 9), offsetMs: 0 },
      { at: expect.closeTo(2.65, 9), offsetMs: 20 },
    ]);
    expect(byStart.placedBy).toBe('recorder-start');
  });

  it('shows the offset of the stroke heard last, for a while after it', () => {
    expect(strokeSoundingAt(take.strokes, 2.0)).toBeNull();
    expect(strokeSoundingAt(take.strokes, 2.2)?.offsetMs).toBe(0);
    expect(strokeSoundingAt(take.strokes, 2.7)?.offsetMs).toBe(20);
    expect(strokeSoundingAt(take.strokes, 2.65 + 1.6)).toBeNull();
  });
});

describe('the takes a lesson keeps', () => {
  it('keeps the newest three: a fourth take lets the oldest go', () => {
    const takes = [
      { id: 'b', recordedAt: 2 },
      { id: 'd', recordedAt: 4 },
      { id: 'a', recordedAt: 1 },
      { id: 'c', recordedAt: 3 },
    ];
    expect(takesToDrop(takes)).toEqual(['a']);
    expect(takesToDrop(takes.slice(0, 3))).toEqual([]);
  });
});
