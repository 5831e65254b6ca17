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

/** A gap click changed during a run: in force from bar `fromBar` (after the count-in), its cycle counted from there. */
export interface GapChange {
  fromBar: number;
  gap: GapClick | null;
}

/** The gap click in force at `bar` and the bar its cycle is counted from: the run's own, or its last change. */
export const gapAt = (
  gap: GapClick | null,
  changes: readonly GapChange[],
  bar: number,
): { gap: GapClick | null; fromBar: number } => {
  let inForce = { gap, fromBar: 0 };
  for (const change of changes) if (change.fromBar <= bar) inForce = change;
  return inForce;
};

/** Whether `bar` is silent under the gap click in force there (its cycle counted from its first bar). */
export const isSilentGapBar = (gap: GapClick | null, changes: readonly GapChange[], bar: number): boolean => {
  const inForce = gapAt(gap, changes, bar);
  return inForce.gap !== null && isGapBar(inForce.gap, bar - inForce.fromBar);
};

/**
 * A new gap click asked for while bar `plannedBar` is being planned: it takes over where the cycle in
 * force ends (at the next bar when there is none), never mid-cycle, so the bars already under way keep
 * their meaning. A change not in force yet is replaced by the newer one.
 */
export const changeGap = (
  gap: GapClick | null,
  changes: readonly GapChange[],
  plannedBar: number,
  next: GapClick | null,
): GapChange[] => {
  const settled = changes.filter((change) => change.fromBar <= plannedBar);
  const inForce = gapAt(gap, settled, plannedBar);
  const cycle = inForce.gap ? inForce.gap.withClick + inForce.gap.silent : 1;
  const cyclesDone = Math.floor((plannedBar - inForce.fromBar) / cycle) + 1;
  return [...settled, { fromBar: inForce.fromBar + cyclesDone * cycle, gap: next }];
};
