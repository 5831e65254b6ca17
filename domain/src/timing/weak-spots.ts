import { shiftDayKey } from '../calendar/day-keys.js';
import type { Voice } from '../catalogue/exercise.js';
import { VOICE_NAMES } from '../catalogue/notation-text.js';
import {
  BEAT_POSITIONS,
  meanAndSpreadOf,
  type BeatPosition,
  type OffsetSums,
  type PositionFigures,
} from './beat-positions.js';

/*
 * Weak spots: the voice-position pairs whose timing stands out over a drummer's recent takes ("Your bass
 * drum on the '&' drags 18 ms"), from the figures per position each take records.
 */

/** What takes add up to for one voice at one position: the sums its mean and spread come from. */
export interface PositionTally extends OffsetSums {
  takes: number;
}

/**
 * Per customer day ('YYYY-MM-DD'), per `"<voice> <position>"` (every beat) and `"<voice> <position>
 * <beat>"` (one beat of the bar, from takes that count beats): the tallies of that day's takes.
 */
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
  /** The one beat of the bar that stands out (the 'a' of 4); absent: the position on every beat. */
  beat?: number;
  meanOffsetMs: number;
  spreadMs: number;
  strokes: number;
  takes: number;
  /** The latest 2 weeks against the 2 weeks before them; 'new' without enough strokes before. */
  trend: WeakSpotTrend;
  /** The positions share a steady lag (`steadyLag`, said once): this spot stands out by its spread. */
  underSteadyLag?: true;
}

const keyOf = (voice: Voice, position: BeatPosition, beat?: number) =>
  beat === undefined ? `${voice} ${position}` : `${voice} ${position} ${beat}`;

/** A tally key read back: its voice, position and, for one beat of the bar, the beat. */
export const tallyKeyParts = (key: string): { voice: Voice; position: BeatPosition; beat?: number } => {
  const [voice, position, beat] = key.split(' ') as [Voice, BeatPosition, string?];
  return { voice, position, ...(beat === undefined ? {} : { beat: Number(beat) }) };
};

const EMPTY_TALLY: PositionTally = { strokes: 0, sum: 0, sumOfSquares: 0, takes: 0 };

/** A tally with one take's figures added. */
const withFigures = (
  before: PositionTally,
  { strokes, meanOffsetMs, spreadMs }: { strokes: number; meanOffsetMs: number; spreadMs: number },
): PositionTally => ({
  strokes: before.strokes + strokes,
  sum: before.sum + strokes * meanOffsetMs,
  sumOfSquares: before.sumOfSquares + strokes * (spreadMs * spreadMs + meanOffsetMs * meanOffsetMs),
  takes: before.takes + 1,
});

/** The tallies after a take of `day`, keeping the latest `TALLY_DAYS_KEPT` days. Never changes `days`. */
export const withTakeTallies = (
  days: DailyPositionTallies,
  day: string,
  byPosition: readonly PositionFigures[],
): DailyPositionTallies => {
  if (byPosition.length === 0) return days;
  const tallies: Record<string, PositionTally> = { ...days[day] };
  for (const figures of byPosition) {
    const key = keyOf(figures.voice, figures.position);
    tallies[key] = withFigures(tallies[key] ?? EMPTY_TALLY, figures);
    for (const beat of figures.beats ?? []) {
      const beatKey = keyOf(figures.voice, figures.position, beat.beat);
      tallies[beatKey] = withFigures(tallies[beatKey] ?? EMPTY_TALLY, beat);
    }
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

const figuresOf = (tally: PositionTally) => meanAndSpreadOf(tally, 0);

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

/** The tallies of whole positions (every beat), without those of single beats. */
const everyBeat = (tallies: ReadonlyMap<string, PositionTally>): Map<string, PositionTally> =>
  new Map([...tallies].filter(([key]) => tallyKeyParts(key).beat === undefined));

/** The window's tallies: the 4 weeks up to `today`, and its earlier and later halves. */
const windowTallies = (days: DailyPositionTallies, today: string) => {
  const { windowDays } = WEAK_SPOT_RULES;
  const from = shiftDayKey(today, 1 - windowDays);
  const middle = shiftDayKey(today, 1 - windowDays / 2);
  return {
    whole: tallied(days, from, today),
    earlier: tallied(days, from, shiftDayKey(middle, -1)),
    later: tallied(days, middle, today),
  };
};

const pooled = (tallies: Iterable<PositionTally>): PositionTally | undefined => {
  let total: PositionTally | undefined;
  for (const tally of tallies) total = total ? add(total, tally) : tally;
  return total;
};

/**
 * The offset every position shares, ms, or null: at least 30 strokes in all, 10 ms or more from the click
 * on the whole, and two positions or more with 10 strokes each, every one within 10 ms of that (so no
 * position stands out from it). A drummer who sits behind the beat (the takes are calibrated), not a weak
 * spot of each position.
 */
const sharedOffsetOf = (tallies: ReadonlyMap<string, PositionTally>): number | null => {
  const total = pooled(tallies.values());
  if (!total || total.strokes < WEAK_SPOT_RULES.minStrokes) return null;
  const lag = total.sum / total.strokes;
  if (Math.abs(lag) < WEAK_SPOT_RULES.meanOffsetMs) return null;
  let positions = 0;
  for (const tally of tallies.values()) {
    if (tally.strokes < WEAK_SPOT_RULES.minTrendStrokes) continue;
    if (Math.abs(tally.sum / tally.strokes - lag) >= WEAK_SPOT_RULES.meanOffsetMs) return null;
    positions++;
  }
  // One position played is that position's weak spot, not a lag "everywhere".
  return positions >= 2 ? lag : null;
};

/** A take late (or early) by about the same at every position: said once, not as a weak spot per position. */
export interface SteadyLag {
  /** The mean offset of every stroke, ms (negative: early). */
  meanOffsetMs: number;
  spreadMs: number;
  strokes: number;
  takes: number;
  trend: WeakSpotTrend;
}

/** The steady lag of the 4 weeks up to `today`, or null when the positions do not share one. */
export const steadyLag = (days: DailyPositionTallies, today: string): SteadyLag | null => {
  const window = windowTallies(days, today);
  const whole = everyBeat(window.whole);
  const earlier = everyBeat(window.earlier);
  const later = everyBeat(window.later);
  if (sharedOffsetOf(whole) === null) return null;
  const total = pooled(whole.values())!;
  return {
    ...figuresOf(total),
    strokes: total.strokes,
    takes: Math.max(...[...whole.values()].map((tally) => tally.takes)),
    trend: trendOf(pooled(earlier.values()), pooled(later.values())),
  };
};

/**
 * A steady lag as a drummer says it: "You play 18 ms late everywhere: lean back, or calibrate again if
 * your setup changed". Only calibrated takes reach the weak spots, so the setup's delay is already taken
 * off: the lag is the drummer's, unless the setup changed since it was measured.
 */
export const steadyLagSentence = ({ meanOffsetMs }: Pick<SteadyLag, 'meanOffsetMs'>): string =>
  meanOffsetMs > 0
    ? `You play ${meanOffsetMs} ms late everywhere: lean back, or calibrate again if your setup changed`
    : `You play ${-meanOffsetMs} ms early everywhere: hold back, or calibrate again if your setup changed`;

/**
 * The weak spots of the 4 weeks up to `today` (the customer's day), worst first: pairs with at least
 * 30 strokes whose mean offset is 10 ms or more from the click or whose spread is 20 ms or more. Under a
 * steady lag (`steadyLag`) no position's mean stands out from it, so only a spread makes a weak spot.
 * Where one beat of the bar alone stands out (the 'a' of 4, rushed into every fill: 30 strokes there, and
 * none of the position's other beats with 10 or more off too) the spot is that beat, whether or not the
 * position as a whole stands out; otherwise the position is named on every beat when it stands out as a
 * whole, else each beat that does is.
 */
export const weakSpots = (days: DailyPositionTallies, today: string): WeakSpot[] => {
  const { whole, earlier, later } = windowTallies(days, today);
  const positions = everyBeat(whole);
  const lag = sharedOffsetOf(positions);
  /** How far a tally stands out (1 at the edge), 0 under `minStrokes`. */
  const standing = (tally: PositionTally, minStrokes: number = WEAK_SPOT_RULES.minStrokes) => {
    if (tally.strokes < minStrokes) return 0;
    const figures = figuresOf(tally);
    // Under a steady lag a position's mean is the lag's, said once: only its spread can stand out.
    return severity(lag === null ? figures : { ...figures, meanOffsetMs: 0 });
  };
  const spotOf = (key: string, tally: PositionTally) => ({
    ...tallyKeyParts(key),
    ...figuresOf(tally),
    strokes: tally.strokes,
    takes: tally.takes,
    trend: trendOf(earlier.get(key), later.get(key)),
    ...(lag === null ? {} : { underSteadyLag: true as const }),
    severity: standing(tally),
  });
  // Each position's single beats, gathered in one pass over the window.
  const beatsOf = new Map<string, [string, PositionTally][]>();
  for (const [beatKey, beatTally] of whole) {
    const { voice, position, beat } = tallyKeyParts(beatKey);
    if (beat === undefined) continue;
    const key = keyOf(voice, position);
    beatsOf.set(key, [...(beatsOf.get(key) ?? []), [beatKey, beatTally]]);
  }
  const spots: (WeakSpot & { severity: number })[] = [];
  for (const [key, tally] of positions) {
    const beats = beatsOf.get(key) ?? [];
    const standingOut = beats.filter(([, beatTally]) => standing(beatTally) >= 1);
    // A beat is named alone only where the position's other beats, as far as they were played, are calm.
    const othersOff = beats.some(
      ([, beatTally]) =>
        beatTally.strokes < WEAK_SPOT_RULES.minStrokes &&
        standing(beatTally, WEAK_SPOT_RULES.minTrendStrokes) >= 1,
    );
    if (standingOut.length === 1 && !othersOff) spots.push(spotOf(...standingOut[0]!));
    else if (standing(tally) >= 1) spots.push(spotOf(key, tally));
    else spots.push(...standingOut.map(([beatKey, beatTally]) => spotOf(beatKey, beatTally)));
  }
  return spots
    .sort(
      (a, b) =>
        b.severity - a.severity ||
        a.voice.localeCompare(b.voice) ||
        BEAT_POSITIONS.indexOf(a.position) - BEAT_POSITIONS.indexOf(b.position) ||
        (a.beat ?? 0) - (b.beat ?? 0),
    )
    .map(({ severity: _severity, ...spot }) => spot);
};

/**
 * Where in the bar, as drummers count: on every beat "on the beat" (every beat's one, not the one of the
 * bar), "on the 'e'", "on the '&'", "on the 'a'", "on the 'trip'", "on the 'let'"; on one beat of the bar
 * "on 3" or "on the 'a' of 4".
 */
export const positionWords = (position: BeatPosition, beat?: number): string => {
  if (beat === undefined) return position === '1' ? 'on the beat' : `on the '${position}'`;
  return position === '1' ? `on ${beat}` : `on the '${position}' of ${beat}`;
};

/**
 * A weak spot as a drummer says it: "Your bass drum on the '&' drags 18 ms". Under a steady lag (said on
 * its own) a weak spot is one that wanders.
 */
export const weakSpotSentence = ({
  voice,
  position,
  beat,
  meanOffsetMs,
  spreadMs,
  underSteadyLag,
}: WeakSpot): string => {
  const where = `Your ${VOICE_NAMES[voice]} ${positionWords(position, beat)}`;
  if (
    !underSteadyLag &&
    Math.abs(meanOffsetMs) / WEAK_SPOT_RULES.meanOffsetMs >= spreadMs / WEAK_SPOT_RULES.spreadMs
  )
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
