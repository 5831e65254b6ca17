import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GAP_CLICK, gapClick, isGapBar } from './gap-click.js';

describe('the gap click', () => {
  it('by default plays 2 bars with click, then 2 silent', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((bar) => isGapBar(DEFAULT_GAP_CLICK, bar))).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
      true,
      true,
    ]);
  });

  it('is silent in exactly L of every K + L bars, the L after the K', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 0, max: 50 }),
        (k, l, cycle) => {
          const gap = gapClick({ withClick: k, silent: l });
          const bars = Array.from({ length: k + l }, (_, index) => isGapBar(gap, cycle * (k + l) + index));
          expect(bars).toEqual([...Array<boolean>(k).fill(false), ...Array<boolean>(l).fill(true)]);
        },
      ),
    );
  });

  it('keeps K and L within 1-16 bars', () => {
    expect(gapClick({ withClick: 0, silent: 99 })).toEqual({ withClick: 1, silent: 16 });
    expect(gapClick({ withClick: Number.NaN, silent: 3.4 })).toEqual({ withClick: 2, silent: 3 });
  });
});
