import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeGap, DEFAULT_GAP_CLICK, gapAt, gapClick, isGapBar, isSilentGapBar } from './gap-click.js';

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

  describe('changed during a run', () => {
    const silentBars = (
      gap: Parameters<typeof changeGap>[0],
      changes: Parameters<typeof changeGap>[1],
      bars: number,
    ) => Array.from({ length: bars }, (_, bar) => (isSilentGapBar(gap, changes, bar) ? 's' : 'c')).join('');

    it('a change in bar 1 of a 2+2 cycle waits for the cycle to end (bar 4), then counts from there', () => {
      const changes = changeGap(DEFAULT_GAP_CLICK, [], 1, { withClick: 1, silent: 1 });
      expect(changes).toEqual([{ fromBar: 4, gap: { withClick: 1, silent: 1 } }]);
      expect(silentBars(DEFAULT_GAP_CLICK, changes, 10)).toBe('ccsscscscs');
    });

    it('turning it on starts at the next bar, from its first bar with click; turning it off ends the cycle first', () => {
      const on = changeGap(null, [], 2, DEFAULT_GAP_CLICK);
      expect(silentBars(null, on, 9)).toBe('cccccsscc');
      const off = changeGap(DEFAULT_GAP_CLICK, [], 5, null);
      expect(silentBars(DEFAULT_GAP_CLICK, off, 10)).toBe('ccssccsscc');
    });

    it('a second change before the first is in force replaces it; the gap in force is the one shown', () => {
      const first = changeGap(DEFAULT_GAP_CLICK, [], 1, { withClick: 1, silent: 1 });
      const second = changeGap(DEFAULT_GAP_CLICK, first, 2, { withClick: 3, silent: 1 });
      expect(second).toEqual([{ fromBar: 4, gap: { withClick: 3, silent: 1 } }]);
      expect(gapAt(DEFAULT_GAP_CLICK, second, 3)).toEqual({ gap: DEFAULT_GAP_CLICK, fromBar: 0 });
      expect(gapAt(DEFAULT_GAP_CLICK, second, 4)).toEqual({ fromBar: 4, gap: { withClick: 3, silent: 1 } });
    });

    it('never re-phases a bar already planned: for any changes, bars up to the planned one keep their sound', () => {
      const gapArb = fc.option(
        fc.record({ withClick: fc.integer({ min: 1, max: 4 }), silent: fc.integer({ min: 1, max: 4 }) }),
        { nil: null },
      );
      fc.assert(
        fc.property(
          gapArb,
          fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), gapArb), { maxLength: 5 }),
          (start, asks) => {
            let changes: ReturnType<typeof changeGap> = [];
            let planned = 0;
            for (const [ahead, next] of asks) {
              planned += ahead;
              const before = silentBars(start, changes, planned + 1);
              changes = changeGap(start, changes, planned, next);
              expect(silentBars(start, changes, planned + 1)).toBe(before);
            }
          },
        ),
      );
    });
  });
});
