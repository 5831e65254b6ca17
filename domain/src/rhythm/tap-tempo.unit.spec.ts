import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addTap, TAP_RESET_MS, tappedTempo } from './tap-tempo.js';

const tapAll = (times: number[]) => times.reduce<number[]>((taps, at) => addTap(taps, at), []);

describe('tap tempo', () => {
  it('needs two taps, then averages the intervals of the last taps', () => {
    expect(tappedTempo(tapAll([1000]))).toBeNull();
    expect(tappedTempo(tapAll([1000, 1500]))).toBe(120);
    // 500, 520, 480 ms: average 500 ms.
    expect(tappedTempo(tapAll([0, 500, 1020, 1500]))).toBe(120);
  });

  it('forgets the earlier taps after a pause and keeps only the last five', () => {
    expect(tapAll([0, 400, 400 + TAP_RESET_MS + 1])).toEqual([400 + TAP_RESET_MS + 1]);
    expect(tapAll([0, 1000, 2000, 3000, 3500, 4000, 4500, 5000])).toEqual([3000, 3500, 4000, 4500, 5000]);
  });

  it('clamps to 30-250 bpm', () => {
    expect(tappedTempo([0, 100])).toBe(250);
    expect(tappedTempo([0, 1999])).toBe(30);
  });

  it('for steady taps at any tempo in range, reads that tempo (±1 bpm)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 250 }), fc.integer({ min: 2, max: 12 }), (bpm, count) => {
        const interval = 60_000 / bpm;
        const tempo = tappedTempo(
          tapAll(Array.from({ length: count }, (_, index) => 5000 + index * interval)),
        );
        expect(Math.abs(tempo! - bpm)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('always answers a tempo in range once there are two taps', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 2, maxLength: 20 }), (gaps) => {
        let at = 0;
        const taps = tapAll(gaps.map((gap) => (at += gap)));
        const tempo = tappedTempo(taps);
        if (taps.length < 2) expect(tempo).toBeNull();
        else expect(tempo! >= 30 && tempo! <= 250).toBe(true);
      }),
    );
  });
});
