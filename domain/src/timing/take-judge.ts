import type { Voice } from '../catalogue/exercise.js';
import { buzzReboundCount, graceGap } from '../rhythm/note-strokes.js';
import { dynamicOfVelocity, writtenDynamic } from './dynamics.js';
import type { DueNote, JudgedHit, Ornament, PlayedHit, TakeScore } from './score-take.js';
import { creditFor, MAX_REACH_MS, takeAccuracy, tierOf, timingOf } from './timing-tiers.js';

/** Grace strokes each ornament puts before its note. */
const GRACE_STROKES: Record<Ornament, number> = { flam: 1, drag: 2, ruff: 3, buzz: 0 };
/** A grace stroke lies at most this far before the next stroke of its ornament (flams are 15-50 ms wide). */
export const GRACE_SPAN_MS = 60;
/** A buzz rebounds every 15-30 ms: a stroke this close after another of the same note is a rebound of it. */
const REBOUND_SPAN_MS = 40;
/** Notes of one lane closer than this are written at the same moment (a chord heard by a microphone). */
const SAME_MOMENT_MS = 1;
/**
 * With a microphone, the other drums of a moment written on several (kick and hi-hat) may be heard as
 * strokes of their own when played this far or less from the stroke that played it: one per drum beyond
 * the first, neither hit nor extra (a microphone cannot tell which drum a stroke struck, and an e-kit
 * would judge each on its own drum).
 */
const CHORD_SPAN_MS = 60;

/** Whether a stroke lies before the first note's reach: played on the count-in, not in the take. */
export const isCountIn = (hit: PlayedHit, firstNoteMs: number): boolean =>
  hit.timeMs < firstNoteMs - MAX_REACH_MS;

/** Notes of one lane written at one moment: one stroke plays them all. */
interface Group {
  timeMs: number;
  notes: { index: number; note: DueNote }[];
  ornament: Ornament | undefined;
  /** Index of the stroke that played it, once settled. */
  main: number | null;
  /** Rebounds a buzz has absorbed so far, and the span they fill (known once settled). */
  rebounds: number;
  spanMs: number;
  /** Strokes of its other drums absorbed so far (a microphone's lane only: see CHORD_SPAN_MS). */
  chordStrokes: number;
}

interface Stroke {
  hit: PlayedHit;
  /** Arrival order: ties in time keep it. */
  order: number;
  judged: boolean;
}

/** The notes and strokes of one drum (or of everything, for a microphone), in time order. */
interface Lane {
  groups: Group[];
  strokes: Stroke[];
  /** Groups before this index are settled. */
  settled: number;
  /** Strokes before this index are judged, or the latest main stroke. */
  pendingFrom: number;
  /** Strokes before this index lie before the end of the last settled note's reach. */
  scanFrom: number;
  /** End of the last settled note's reach, ms: a stroke arriving before it comes too late to play a note. */
  frontier: number;
  /** The latest settled group that was played. */
  lastPlayed: Group | null;
}

interface Judgement {
  hit: JudgedHit;
  velocity: number | undefined;
  /** For a stroke that played notes: how many, their credit each and whether the velocity fits them. */
  played: { notes: number; credit: number; asWritten: boolean | null } | null;
  order: number;
}

const voiceOf = ({ hit }: Stroke): { voice?: Voice } => (hit.voice ? { voice: hit.voice } : {});
const inTimeOrder = (a: Judgement, b: Judgement): number => a.hit.timeMs - b.hit.timeMs || a.order - b.order;
const graceStrokes = (group: Group): number => (group.ornament ? GRACE_STROKES[group.ornament] : 0);
const isBuzz = (group: Group): boolean => group.ornament === 'buzz';
/** The span a buzz's rebounds fill: its written step, else its lane's gap to the next note. */
const buzzSpanMs = (group: Group, next: Group | undefined): number =>
  group.notes[0]?.note.lengthMs ?? (next ? next.timeMs - group.timeMs : MAX_REACH_MS);

/**
 * The timing coach's judge, fed as a take goes: notes as the practice room plans them (ahead of time, in
 * time order), strokes as they are heard, and `settle(now)` on each frame. A note is settled once nothing
 * that comes later can change its judgement (its reach has passed and its neighbour is known); then its
 * stroke is chosen, and the strokes between it and the previous played note are given out as grace strokes,
 * buzz rebounds or extra strokes. Each stroke is looked at a bounded number of times, so a take costs time
 * in proportion to its length, and `finish()` gives exactly what `scoreTake` gives for the same take.
 *
 * Within a lane (one drum with an e-kit; everything with a microphone) a note reaches half way to its
 * neighbours and at most 125 ms: regions that never overlap, so choosing the best stroke in each is the
 * optimal assignment. The best stroke is the one with the most credit, except that a note with grace
 * strokes is played by the last stroke of its cluster and a buzz by the first.
 */
export class TakeJudge {
  private readonly lanes = new Map<string, Lane>();
  private readonly judgements: Judgement[] = [];
  private notesAdded = 0;
  private strokesAdded = 0;
  /** The indexes of the notes settled so far: each lane settles its own, so they need not be the first. */
  private readonly counted: number[] = [];
  /** Every stroke judged so far, in the order judged (the live score shows them as they come). */
  private readonly judgedHits: JudgedHit[] = [];
  private running = { expected: 0, hit: 0, extra: 0, credit: 0, count: 0, mean: 0, m2: 0 };
  /** The earliest note, ms: strokes before its reach are the count-in. */
  private firstNoteMs = Number.POSITIVE_INFINITY;
  /** Strokes heard before any note was planned (the count-in, mostly): judged once the first note is known. */
  private readonly beforeFirstNote: PlayedHit[] = [];
  private dynamicsSoFar = { judged: 0, asWritten: 0 };

  constructor(private readonly options: { voiced: boolean }) {}

  /** A note of the pattern, in time order; `index` names it in the JudgedHits (default: the order added). */
  addNote(note: DueNote, index: number = this.notesAdded): void {
    this.notesAdded++;
    this.firstNoteMs = Math.min(this.firstNoteMs, note.timeMs);
    this.placeNote(note, index);
    for (const hit of this.beforeFirstNote.splice(0)) this.addHit(hit);
  }

  private placeNote(note: DueNote, index: number): void {
    const lane = this.laneOf(this.options.voiced ? note.voice : 'any');
    const last = lane.groups[lane.groups.length - 1];
    if (last && lane.groups.length > lane.settled && Math.abs(note.timeMs - last.timeMs) < SAME_MOMENT_MS) {
      last.notes.push({ index, note });
      last.ornament ??= note.ornament;
      return;
    }
    const group: Group = {
      timeMs: note.timeMs,
      notes: [{ index, note }],
      ornament: note.ornament,
      main: null,
      rebounds: 0,
      spanMs: 0,
      chordStrokes: 0,
    };
    // Notes come in time order; one out of order finds its place among the unsettled ones.
    let at = lane.groups.length;
    while (at > lane.settled && (lane.groups[at - 1]?.timeMs ?? 0) > note.timeMs) at--;
    if (at === lane.groups.length) lane.groups.push(group);
    else lane.groups.splice(at, 0, group);
  }

  /**
   * A stroke, as heard (in time order, give or take what arrives together). A stroke before the first note's
   * reach is the count-in: neither hit nor extra, left out of the take (notes come in time order, so the
   * first note added is the first one).
   */
  addHit(hit: PlayedHit): void {
    if (this.notesAdded === 0) {
      this.beforeFirstNote.push(hit);
      return;
    }
    if (isCountIn(hit, this.firstNoteMs)) return;
    const order = this.strokesAdded++;
    const key = this.options.voiced ? (hit.voice ?? 'unvoiced') : 'any';
    const lane = this.laneOf(key);
    const stroke: Stroke = { hit, order, judged: false };
    if (hit.timeMs < lane.frontier) {
      // Heard after its notes were judged: it can only be extra.
      stroke.judged = true;
      this.extra(stroke);
      return;
    }
    let at = lane.strokes.length;
    while (at > lane.scanFrom && (lane.strokes[at - 1]?.hit.timeMs ?? 0) > hit.timeMs) at--;
    if (at === lane.strokes.length) lane.strokes.push(stroke);
    else lane.strokes.splice(at, 0, stroke);
  }

  /** Judges every note nothing can change any more at `nowMs` (strokes up to then are in). */
  settle(nowMs: number): void {
    for (const lane of this.lanes.values()) {
      while (lane.settled < lane.groups.length) {
        const group = lane.groups[lane.settled]!;
        const next = lane.groups[lane.settled + 1];
        const end = this.regionEnd(group, next);
        const final = next
          ? nowMs >= end
          : nowMs >= group.timeMs + 2 * (MAX_REACH_MS + buzzSpanMs(group, next));
        if (!final) break;
        this.settleGroup(lane, end, next);
      }
    }
  }

  /** The score so far: settled notes, and the strokes judged so far (in the order they were judged). */
  score(): TakeScore {
    const { expected, hit, extra, credit, count, mean, m2 } = this.running;
    return {
      expected,
      hit,
      missed: expected - hit,
      extra,
      meanOffsetMs: count === 0 ? 0 : mean,
      spreadMs: count === 0 ? 0 : Math.sqrt(m2 / count),
      accuracy: takeAccuracy(credit, extra, expected),
      dynamics: this.dynamicsSoFar.judged === 0 ? null : { ...this.dynamicsSoFar },
      hits: this.judgedHits,
    };
  }

  /**
   * The take ends at `nowMs` (default: after everything): notes whose reach had not passed are not counted,
   * nor strokes after the last counted note's reach. The full score, strokes in time order.
   */
  finish(nowMs: number = Number.POSITIVE_INFINITY): TakeScore {
    for (const lane of this.lanes.values())
      while (lane.settled < lane.groups.length) {
        const group = lane.groups[lane.settled]!;
        const next = lane.groups[lane.settled + 1];
        const end = this.regionEnd(group, next);
        if (end > nowMs) break;
        this.settleGroup(lane, end, next);
      }
    const horizon =
      nowMs === Number.POSITIVE_INFINITY
        ? nowMs
        : Math.max(Number.NEGATIVE_INFINITY, ...[...this.lanes.values()].map((lane) => lane.frontier));
    for (const lane of this.lanes.values()) {
      // A stroke in the reach of a note the take ended too early to count belongs to that note: neither
      // played nor extra, though another drum's lane was judged past it.
      const uncounted = lane.groups[lane.settled];
      const cutoff = uncounted
        ? Math.min(horizon, this.regionStart(uncounted, lane.groups[lane.settled - 1]))
        : horizon;
      const after = lane.strokes
        .slice(lane.pendingFrom)
        .filter((stroke) => !stroke.judged && stroke.hit.timeMs < cutoff);
      this.giveOut(after, lane.lastPlayed, null, lane);
    }
    return this.finalScore();
  }

  /**
   * The notes the score counts (their indexes as added), in the order settled. Not a prefix of the notes:
   * a drum's note reaches half way to its neighbours on that drum, so a sparse drum's note settles after a
   * busy drum's later one.
   */
  countedNotes(): readonly number[] {
    return this.counted;
  }

  private laneOf(key: string): Lane {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = {
        groups: [],
        strokes: [],
        settled: 0,
        pendingFrom: 0,
        scanFrom: 0,
        frontier: Number.NEGATIVE_INFINITY,
        lastPlayed: null,
      };
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private regionStart(group: Group, previous: Group | undefined): number {
    const reach = group.timeMs - MAX_REACH_MS;
    return previous ? Math.max(reach, (previous.timeMs + group.timeMs) / 2) : reach;
  }

  private regionEnd(group: Group, next: Group | undefined): number {
    const reach = group.timeMs + MAX_REACH_MS + (isBuzz(group) ? (group.notes[0]?.note.lengthMs ?? 0) : 0);
    return next ? Math.min(reach, (group.timeMs + next.timeMs) / 2) : reach;
  }

  /** Settles the lane's next group, whose region ends at `end`. */
  private settleGroup(lane: Lane, end: number, next: Group | undefined): void {
    const group = lane.groups[lane.settled]!;
    group.spanMs = buzzSpanMs(group, next);
    const start = this.regionStart(group, lane.groups[lane.settled - 1]);
    lane.settled++;
    lane.frontier = end;
    let first = lane.scanFrom;
    while (first < lane.strokes.length && lane.strokes[first]!.hit.timeMs < start) first++;
    let last = first;
    while (last < lane.strokes.length && lane.strokes[last]!.hit.timeMs < end) last++;
    lane.scanFrom = last;
    this.running.expected += group.notes.length;
    for (const { index } of group.notes) this.counted.push(index);
    const main = this.mainStroke(group, next, lane.strokes, Math.max(first, this.reboundsEnd(lane)), last);
    if (main === null) return;
    group.main = main;
    const stroke = lane.strokes[main]!;
    stroke.judged = true;
    this.played(stroke, group);
    this.giveOut(this.unjudged(lane, lane.pendingFrom, main), lane.lastPlayed, group, lane);
    lane.pendingFrom = main + 1;
    lane.lastPlayed = group;
  }

  /**
   * Where the rebounds of the lane's previous note end, when it is a buzz that was played: the strokes that
   * follow its stroke each within a rebound's span, as many as it was written with. They belong to the buzz,
   * so the next note is never played by one of them.
   */
  private reboundsEnd(lane: Lane): number {
    const previous = lane.groups[lane.settled - 2];
    if (!previous || previous !== lane.lastPlayed || !isBuzz(previous) || previous.main === null)
      return lane.pendingFrom;
    const mainTime = lane.strokes[previous.main]!.hit.timeMs;
    const cap = buzzReboundCount(previous.spanMs / 1000);
    let end = lane.pendingFrom;
    let last = mainTime;
    while (end < lane.strokes.length && end - lane.pendingFrom < cap) {
      const time = lane.strokes[end]!.hit.timeMs;
      if (time - last > REBOUND_SPAN_MS || time > mainTime + previous.spanMs) break;
      last = time;
      end++;
    }
    return end;
  }

  /** The stroke that plays a group, among the strokes of its region [first, last). */
  private mainStroke(
    group: Group,
    next: Group | undefined,
    strokes: readonly Stroke[],
    first: number,
    last: number,
  ): number | null {
    // Where the next note's grace stroke belongs, if it has one: a stroke nearer there than to this note is it.
    const nextGrace =
      next && graceStrokes(next) > 0
        ? next.timeMs - graceGap((next.notes[0]?.note.lengthMs ?? next.timeMs - group.timeMs) / 1000) * 1000
        : null;
    let best: number | null = null;
    let bestCredit = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let index = first; index < last; index++) {
      const time = strokes[index]!.hit.timeMs;
      const following = index + 1 < last ? strokes[index + 1]!.hit.timeMs : null;
      // A stroke soon followed by another of this note is its grace stroke (unless that other is the next
      // note's grace); one soon after another, a rebound.
      if (
        graceStrokes(group) > 0 &&
        following !== null &&
        following - time <= GRACE_SPAN_MS &&
        !(nextGrace !== null && Math.abs(following - nextGrace) < Math.abs(following - group.timeMs))
      )
        continue;
      if (isBuzz(group) && index > first && time - strokes[index - 1]!.hit.timeMs <= REBOUND_SPAN_MS)
        continue;
      // The most credit; of strokes earning the same (half credit from 75 ms on), the nearest.
      const distance = Math.abs(time - group.timeMs);
      const credit = creditFor(time - group.timeMs);
      if (credit > bestCredit || (credit === bestCredit && distance < bestDistance)) {
        best = index;
        bestCredit = credit;
        bestDistance = distance;
      }
    }
    return best;
  }

  /**
   * The strokes between two played groups: the later one's grace strokes (nearest first, each within the
   * grace span of the next), then the earlier one's buzz rebounds (within its span), the rest extra.
   */
  private giveOut(strokes: readonly Stroke[], earlier: Group | null, later: Group | null, lane: Lane): void {
    if (strokes.length === 0) return;
    // Every stroke here is unjudged: one given to an ornament is judged by it, the rest are extra.
    if (later && later.main !== null) {
      let nextTime = lane.strokes[later.main]!.hit.timeMs;
      let graces = 0;
      for (let index = strokes.length - 1; index >= 0 && graces < graceStrokes(later); index--) {
        const stroke = strokes[index]!;
        if (nextTime - stroke.hit.timeMs > GRACE_SPAN_MS) break;
        graces++;
        nextTime = stroke.hit.timeMs;
        this.ornament(stroke, later);
      }
    }
    if (earlier && isBuzz(earlier) && earlier.main !== null) {
      const span = earlier.spanMs;
      const mainTime = lane.strokes[earlier.main]!.hit.timeMs;
      const cap = buzzReboundCount(span / 1000);
      for (const stroke of strokes) {
        if (earlier.rebounds >= cap || stroke.hit.timeMs > mainTime + span) break;
        if (stroke.judged) continue;
        earlier.rebounds++;
        this.ornament(stroke, earlier);
      }
    }
    // With a microphone, the other drums of each moment: after the earlier stroke, then before the later.
    if (earlier) this.absorbChordStrokes(earlier, strokes, lane, false);
    if (later) this.absorbChordStrokes(later, strokes, lane, true);
    for (const stroke of strokes)
      if (!stroke.judged) {
        stroke.judged = true;
        this.extra(stroke);
      }
  }

  /**
   * Gives a played moment the strokes of its other drums among `strokes` (all after its own stroke, or
   * all before it: `fromEnd`), nearest first, within CHORD_SPAN_MS and as many as it has room for.
   */
  private absorbChordStrokes(group: Group, strokes: readonly Stroke[], lane: Lane, fromEnd: boolean): void {
    if (group.main === null) return;
    const mainTime = lane.strokes[group.main]!.hit.timeMs;
    const room = this.chordStrokesOf(group);
    for (let step = 0; step < strokes.length; step++) {
      const stroke = strokes[fromEnd ? strokes.length - 1 - step : step]!;
      if (group.chordStrokes >= room || Math.abs(stroke.hit.timeMs - mainTime) > CHORD_SPAN_MS) break;
      if (stroke.judged) continue;
      group.chordStrokes++;
      this.ornament(stroke, group);
    }
  }

  /** How many strokes besides its own a moment may take: with a microphone, one per drum beyond the first. */
  private chordStrokesOf(group: Group): number {
    return this.options.voiced ? 0 : new Set(group.notes.map(({ note }) => note.voice)).size - 1;
  }

  /** The unjudged strokes of a lane in [from, to). */
  private unjudged(lane: Lane, from: number, to: number): Stroke[] {
    const strokes: Stroke[] = [];
    for (let index = from; index < to; index++)
      if (!lane.strokes[index]!.judged) strokes.push(lane.strokes[index]!);
    return strokes;
  }

  private played(stroke: Stroke, group: Group): void {
    const offsetMs = stroke.hit.timeMs - group.timeMs;
    const credit = creditFor(offsetMs);
    const first = group.notes[0]!;
    const velocity = stroke.hit.velocity;
    this.record({
      hit: {
        timeMs: stroke.hit.timeMs,
        ...voiceOf(stroke),
        expectedIndex: first.index,
        offsetMs,
        timing: timingOf(offsetMs),
        tier: tierOf(offsetMs),
      },
      velocity,
      played: {
        notes: group.notes.length,
        credit,
        asWritten: velocity === undefined ? null : dynamicOfVelocity(velocity) === writtenDynamic(first.note),
      },
      order: stroke.order,
    });
    const running = this.running;
    running.hit += group.notes.length;
    running.credit += credit * group.notes.length;
    // Welford: a running mean and spread that stay exact over long takes.
    running.count++;
    const delta = offsetMs - running.mean;
    running.mean += delta / running.count;
    running.m2 += delta * (offsetMs - running.mean);
  }

  private ornament(stroke: Stroke, group: Group): void {
    stroke.judged = true;
    this.record({
      hit: {
        timeMs: stroke.hit.timeMs,
        ...voiceOf(stroke),
        expectedIndex: group.notes[0]!.index,
        offsetMs: stroke.hit.timeMs - group.timeMs,
        timing: null,
        tier: null,
        ornament: true,
      },
      velocity: stroke.hit.velocity,
      played: null,
      order: stroke.order,
    });
  }

  private extra(stroke: Stroke): void {
    this.running.extra++;
    this.record({
      hit: {
        timeMs: stroke.hit.timeMs,
        ...voiceOf(stroke),
        expectedIndex: null,
        offsetMs: null,
        timing: null,
        tier: null,
      },
      velocity: stroke.hit.velocity,
      played: null,
      order: stroke.order,
    });
  }

  private record(judgement: Judgement): void {
    this.judgements.push(judgement);
    this.judgedHits.push(judgement.hit);
    const asWritten = judgement.played?.asWritten;
    if (asWritten === undefined || asWritten === null) return;
    this.dynamicsSoFar.judged++;
    if (asWritten) this.dynamicsSoFar.asWritten++;
  }

  /** The score from the judgements in time order, summed in that order: the same whatever the feeding. */
  private finalScore(): TakeScore {
    const judgements = [...this.judgements].sort(inTimeOrder);
    let strokes = 0;
    let hit = 0;
    let credit = 0;
    let sum = 0;
    let extra = 0;
    for (const { hit: judged, played } of judgements) {
      if (judged.expectedIndex === null) extra++;
      if (played === null) continue;
      strokes++;
      hit += played.notes;
      credit += played.credit * played.notes;
      sum += judged.offsetMs ?? 0;
    }
    const mean = strokes === 0 ? 0 : sum / strokes;
    let squares = 0;
    for (const { hit: judged, played } of judgements)
      if (played !== null) squares += ((judged.offsetMs ?? 0) - mean) ** 2;
    const expected = this.running.expected;
    return {
      expected,
      hit,
      missed: expected - hit,
      extra,
      meanOffsetMs: mean,
      spreadMs: strokes === 0 ? 0 : Math.sqrt(squares / strokes),
      accuracy: takeAccuracy(credit, extra, expected),
      dynamics: this.dynamicsSoFar.judged === 0 ? null : { ...this.dynamicsSoFar },
      hits: judgements.map((judgement) => judgement.hit),
    };
  }
}
