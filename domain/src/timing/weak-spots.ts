import { shiftDayKey } from '../calendar/day-keys.js';
import type { Voice } from '../catalogue/exercise.js';
import { VOICE_NAMES } from '../catalogue/notation-text.js';
import { BEAT_POSITIONS, type BeatPosition, type PositionFigures } from './beat-positions.js';

/*
 * Weak spots: the voice-position pairs whose timing stands out over a drummer's recent takes ("Your bass
 * drum on the '&' drags 18 ms"), from the figures per position each take records.
 */

/** What takes add up to for one voice at one position: the sums its mean and spread come from. */
export interface PositionTally {
  strokes: number;
  /** Sum of the offsets, ms. */
  sum: number;
  /** Sum of the squared offsets, ms². */
  sumOfSquares: number;
  takes: number;
}

/** Per customer day ('YYYY-MM-DD'), per `"<voice> <position>"`: the tallies of that day's takes. */
export type DailyPositionTallies = Readonly<Record<string, Readonly<Record<string, PositionTally>>>>;

export const WEAK_SPOT_RULES = {
  /** The takes looked at: the latest 4 weeks. */
  windowDays: 28,
  /** Fewer strokes than this say nothing. */
  minStrokes: 30,
  /** A mean offset this far from the click stands out, ms. */
  meanOffsetMs: 10,
  /** A spread this wide stands out, ms. */
  spreadMs: 20,
  /** Each half of the window needs this many strokes for a trend. */
  minTrendStrokes: 10,
  /** A change of severity smaller than this share is steady. */
  trendShare: 0.1,
} as const;

/** Days kept in the tallies: the window and the window before it. */
export const TALLY_DAYS_KEPT = 2 * WEAK_SPOT_RULES.windowDays;

export type WeakSpotTrend = 'better' | 'worse' | 'steady' | 'new';

export interface WeakSpot {
  voice: Voice;
  position: BeatPosition;
  meanOffsetMs: number;
  spreadMs: number;
  strokes: number;
  takes: number;
  /** The latest 2 weeks against the 2 weeks before them; 'new' without enough strokes before. */
  trend: WeakSpotTrend;
}

const keyOf = (voice: Voice, position: BeatPosition) => `${voice} ${position}`;

/** The tallies after a take of `day`, keeping the latest `TALLY_DAYS_KEPT` days. Never changes `days`. */
export const withTakeTallies = (
  days: DailyPositionTallies,
  day: string,
  byPosition: readonly PositionFigures[],
): DailyPositionTallies => {
  if (byPosition.length === 0) return days;
  const tallies: Record<string, PositionTally> = { ...days[day] };
  for (const { voice, position, strokes, meanOffsetMs, spreadMs } of byPosition) {
    const key = keyOf(voice, position);
    const before = tallies[key] ?? { strokes: 0, sum: 0, sumOfSquares: 0, takes: 0 };
    tallies[key] = {
      strokes: before.strokes + strokes,
      sum: before.sum + strokes * meanOffsetMs,
      sumOfSquares: before.sumOfSquares + strokes * (spreadMs * spreadMs + meanOffsetMs * meanOffsetMs),
      takes: before.takes + 1,
    };
  }
  const kept = Object.keys({ ...days, [day]: tallies })
    .sort()
    .slice(-TALLY_DAYS_KEPT);
  return Object.fromEntries(kept.map((key) => [key, key === day ? tallies : days[key]!]));
};

const add = (a: PositionTally, b: PositionTally): PositionTally => ({
  strokes: a.strokes + b.strokes,
  sum: a.sum + b.sum,
  sumOfSquares: a.sumOfSquares + b.sumOfSquares,
  takes: a.takes + b.takes,
});

const figuresOf = (tally: PositionTally) => {
  const mean = tally.sum / tally.strokes;
  const spread = Math.sqrt(Math.max(0, tally.sumOfSquares / tally.strokes - mean * mean));
  return { meanOffsetMs: Math.round(mean), spreadMs: Math.round(spread) };
};

/** How far figures stand out: 1 at the edge of a weak spot, more the worse. */
const severity = ({ meanOffsetMs, spreadMs }: { meanOffsetMs: number; spreadMs: number }) =>
  Math.max(Math.abs(meanOffsetMs) / WEAK_SPOT_RULES.meanOffsetMs, spreadMs / WEAK_SPOT_RULES.spreadMs);

const tallied = (days: DailyPositionTallies, from: string, until: string): Map<string, PositionTally> => {
  const totals = new Map<string, PositionTally>();
  for (const [day, tallies] of Object.entries(days)) {
    if (day < from || day > until) continue;
    for (const [key, tally] of Object.entries(tallies)) {
      const before = totals.get(key);
      totals.set(key, before ? add(before, tally) : tally);
    }
  }
  return totals;
};

const trendOf = (earlier: PositionTally | undefined, later: PositionTally | undefined): WeakSpotTrend => {
  if (!earlier || !later || earlier.strokes < WEAK_SPOT_RULES.minTrendStrokes) return 'new';
  if (later.strokes < WEAK_SPOT_RULES.minTrendStrokes) return 'steady';
  const before = severity(figuresOf(earlier));
  const after = severity(figuresOf(later));
  if (after < before * (1 - WEAK_SPOT_RULES.trendShare)) return 'better';
  if (after > before * (1 + WEAK_SPOT_RULES.trendShare)) return 'worse';
  return 'steady';
};

/**
 * The weak spots of the 4 weeks up to `today` (the customer's day), worst first: pairs with at least
 * 30 strokes whose mean offset is 10 ms or more from the click or whose spread is 20 ms or more.
 */
export const weakSpots = (days: DailyPositionTallies, today: string): WeakSpot[] => {
  const { windowDays } = WEAK_SPOT_RULES;
  const from = shiftDayKey(today, 1 - windowDays);
  const middle = shiftDayKey(today, 1 - windowDays / 2);
  const whole = tallied(days, from, today);
  const earlier = tallied(days, from, shiftDayKey(middle, -1));
  const later = tallied(days, middle, today);
  const spots: (WeakSpot & { severity: number })[] = [];
  for (const [key, tally] of whole) {
    if (tally.strokes < WEAK_SPOT_RULES.minStrokes) continue;
    const figures = figuresOf(tally);
    if (severity(figures) < 1) continue;
    const [voice, position] = key.split(' ') as [Voice, BeatPosition];
    spots.push({
      voice,
      position,
      ...figures,
      strokes: tally.strokes,
      takes: tally.takes,
      trend: trendOf(earlier.get(key), later.get(key)),
      severity: severity(figures),
    });
  }
  return spots
    .sort(
      (a, b) =>
        b.severity - a.severity ||
        a.voice.localeCompare(b.voice) ||
        BEAT_POSITIONS.indexOf(a.position) - BEAT_POSITIONS.indexOf(b.position),
    )
    .map(({ severity: _severity, ...spot }) => spot);
};

/** A weak spot as a drummer says it: "Your bass drum on the '&' drags 18 ms". */
export const weakSpotSentence = ({ voice, position, meanOffsetMs, spreadMs }: WeakSpot): string => {
  const where = `Your ${VOICE_NAMES[voice]} on the '${position}'`;
  if (Math.abs(meanOffsetMs) / WEAK_SPOT_RULES.meanOffsetMs >= spreadMs / WEAK_SPOT_RULES.spreadMs)
    return `${where} ${meanOffsetMs > 0 ? 'drags' : 'rushes'} ${Math.abs(meanOffsetMs)} ms`;
  return `${where} wanders by ${spreadMs} ms`;
};

/** The trend of a weak spot in words. */
export const WEAK_SPOT_TRENDS: Readonly<Record<WeakSpotTrend, string>> = {
  better: 'getting better',
  worse: 'getting worse',
  steady: 'about the same',
  new: 'new this month',
};

/** Why the schedule chose a lesson for a weak spot: "For your weak spot: your bass drum on the '&' drags 18 ms". */
export const weakSpotReason = (spot: WeakSpot): string =>
  `For your weak spot: ${weakSpotSentence(spot).replace(/^Your/, 'your')}`;
