import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PracticeProgram } from './practice-program.js';
import { advanceSequence, startSequence, type TimedSound } from './sequencer.js';
import { retempo, startClock, timeAtBeat } from './tempo-clock.js';

const metronome = (subdivision: 1 | 2 | 3 | 4): PracticeProgram => ({
  notation: null,
  pattern: 'off',
  click: { enabled: true, subdivision, accentFirstBeat: true },
  countIn: false,
  gap: null,
  trainer: null,
});

const clickTimes = (sounds: TimedSound[]) =>
  sounds.filter((entry) => entry.sound.kind === 'click').map((entry) => entry.time);

describe('the tempo clock', () => {
  it('puts beat n at start + n × 60 / bpm', () => {
    const clock = startClock(2, 120);
    expect(timeAtBeat(clock, 0)).toBe(2);
    expect(timeAtBeat(clock, 1)).toBe(2.5);
    expect(timeAtBeat(clock, 10.25)).toBeCloseTo(7.125, 12);
  });

  it('keeps the beats before a tempo change where they were and spaces the later ones at the new tempo', () => {
    const clock = retempo(startClock(0, 60), 4, 120);
    expect(timeAtBeat(clock, 4)).toBe(4);
    expect(timeAtBeat(clock, 6)).toBe(5);
  });
});

describe('the click grid (look-ahead scheduler, pure half)', () => {
  it('at 120 bpm sixteenths puts click n at start + n × 0.125 s, however the look-ahead is sliced', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.array(fc.double({ min: 0.001, max: 0.4, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (start, slices) => {
          const program = metronome(4);
          let state = startSequence(start, program, 120);
          let horizon = start;
          const times: number[] = [];
          for (const slice of slices) {
            horizon += slice;
            const next = advanceSequence(state, program, 120, horizon);
            state = next.state;
            times.push(...clickTimes(next.sounds));
          }
          times.forEach((time, n) => expect(Math.abs(time - (start + n * 0.125))).toBeLessThan(1e-9));
          // Nothing missing: every beat that starts before the last horizon is planned whole (4 clicks).
          expect(times.length).toBe(4 * Math.ceil((horizon - start) / 0.5 - 1e-9));
        },
      ),
    );
  });

  it('never drifts: click n lies at start + the sum of the click intervals before it, for any tempo changes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
        fc.array(
          fc.record({ beats: fc.integer({ min: 1, max: 16 }), bpm: fc.integer({ min: 30, max: 250 }) }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        (subdivision, segments) => {
          const program = metronome(subdivision);
          const start = 10;
          let state = startSequence(start, program, segments[0]!.bpm);
          const times: number[] = [];
          const expected: number[] = [];
          let sum = 0;
          for (const { beats, bpm } of segments) {
            // The drummer changes the tempo; everything up to the segment's last beat gets planned.
            const end = state.nextBeat + beats;
            while (state.nextBeat < end) {
              const next = advanceSequence(
                state,
                program,
                bpm,
                timeAtBeat(state.clock, state.nextBeat) + 1e-6,
              );
              state = next.state;
              times.push(...clickTimes(next.sounds));
            }
            for (let click = 0; click < beats * subdivision; click++) {
              expected.push(start + sum);
              sum += 60 / (bpm * subdivision);
            }
          }
          expect(times.length).toBe(expected.length);
          times.forEach((time, n) => expect(Math.abs(time - expected[n]!)).toBeLessThan(1e-9));
          for (let n = 1; n < times.length; n++) expect(times[n]!).toBeGreaterThan(times[n - 1]!);
        },
      ),
    );
  });

  it('stays on the grid over an hour of retempos to the same tempo', () => {
    const program = metronome(1);
    let state = startSequence(0, program, 97);
    let last = 0;
    for (let second = 1; second <= 3600; second++) {
      const next = advanceSequence(state, program, 97, second);
      state = next.state;
      last = clickTimes(next.sounds).at(-1) ?? last;
    }
    const n = state.nextBeat - 1;
    expect(Math.abs(last - (n * 60) / 97)).toBeLessThan(1e-9);
  });
});
