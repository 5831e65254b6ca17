/**
 * Gap click: `withClick` bars with the click, then `silent` bars without it, over and over, so the
 * drummer hears whether their own time held. Bars are counted from the first bar after the count-in.
 */
export interface GapClick {
  withClick: number;
  silent: number;
}

/** 1 to 16 bars each; 2 with click, 2 silent by default. */
export const GAP_BARS = { min: 1, max: 16, default: 2 } as const;

const clampBars = (value: number): number =>
  Number.isFinite(value)
    ? Math.min(GAP_BARS.max, Math.max(GAP_BARS.min, Math.round(value)))
    : GAP_BARS.default;

export const gapClick = (values: GapClick): GapClick => ({
  withClick: clampBars(values.withClick),
  silent: clampBars(values.silent),
});

export const DEFAULT_GAP_CLICK: GapClick = { withClick: GAP_BARS.default, silent: GAP_BARS.default };

/** Whether bar `bar` (0-based, after the count-in) is one of the silent bars. */
export const isGapBar = (gap: GapClick, bar: number): boolean =>
  bar >= 0 && bar % (gap.withClick + gap.silent) >= gap.withClick;
