import { findExercise, type TimedPosition } from '@stickwork/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PracticeEngine } from './audio-engine';
import { createFakeAudioContext } from './fake-audio-context';
import type { LookAheadTimer } from './look-ahead-timer';

const manualTimer = () => {
  const timer = { tick: () => {}, running: false, disposed: false };
  const create = (tick: () => void): LookAheadTimer => {
    timer.tick = tick;
    return {
      start: () => (timer.running = true),
      stop: () => (timer.running = false),
      dispose: () => (timer.disposed = true),
    };
  };
  return { timer, create };
};

afterEach(() => vi.restoreAllMocks());

describe('the practice engine', () => {
  it('tells the timing coach what it planned: each step of the pattern with its audio-clock time', () => {
    const audio = createFakeAudioContext();
    const { timer, create } = manualTimer();
    const planned: TimedPosition[] = [];
    const engine = new PracticeEngine({
      onPosition: () => {},
      onPlanned: (positions) => planned.push(...positions),
      createTimer: create,
      AudioContext: audio.AudioContext,
    });
    expect(engine.startTime).toBeNull();
    const notation = findExercise(100034)!.notation;
    engine.start(
      {
        notation,
        pattern: 'muted',
        click: { enabled: true, subdivision: 1, accentFirstBeat: true },
        countIn: true,
        gap: null,
        trainer: null,
      },
      120,
    );
    const context = engine.audioContext() as unknown as { currentTime: number };
    for (let tick = 0; tick < 200; tick++) {
      context.currentTime += 0.025;
      timer.tick();
    }
    expect(engine.startTime).toBeCloseTo(0.1, 9);
    const steps = planned.filter((entry) => !entry.position.countIn);
    expect(planned.slice(0, 4).every((entry) => entry.position.countIn)).toBe(true);
    // Step n of the first pass sounds at start + one bar of count-in + n sixteenths at 120 bpm.
    steps.slice(0, 32).forEach((entry, n) => {
      expect(entry.position.step).toBe(n);
      expect(entry.time).toBeCloseTo(0.1 + 2 + n * 0.125, 9);
    });
    engine.dispose();
    expect(timer.disposed).toBe(true);
    expect(engine.audioContext()).toBeNull();
    expect(engine.startTime).toBeNull();
  });
});
