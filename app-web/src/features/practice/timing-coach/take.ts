import { TakeJudge, type DueNote, type PlayedHit, type TakeScore, type Voice } from '@stickwork/domain';

/** A note of the pattern as the practice room scheduled it: seconds on the card's audio clock. */
export interface ScheduledNote {
  time: number;
  /** The note as the judge expects it (ms from the take's start, ornament and length included). */
  due: DueNote;
  /** The note's grid step in the notation, and which pass through the pattern it belongs to (for the lanes). */
  step: number;
  pass: number;
}

/** A stroke the coach heard: seconds on the card's audio clock, latency not yet subtracted. */
export interface HeardStroke {
  time: number;
  voice?: Voice;
  velocity?: number;
}

/**
 * One take: from "Play pattern" to stop, count-in excluded (the practice room schedules no notes in it).
 * The notes and strokes grow in place as the take goes (so each costs O(1)); the judge scores them live.
 */
export interface Take {
  startTime: number;
  latencyMs: number;
  notes: ScheduledNote[];
  strokes: HeardStroke[];
  judge: TakeJudge;
  /** The judge's lanes are the drums; otherwise one lane, where a stroke plays every note of its moment. */
  voiced: boolean;
}

/**
 * A stroke reaches the coach after it is played: the microphone's ear reports a stroke 5 ms after it
 * began (a weak one after a pause about 21 ms: LINGER in onset-detector.ts), MIDI events and the
 * worklet's messages wait in the page's task queue, and a busy page (engraving the notation, garbage
 * collection, a loaded machine) can hold them 100 ms and more. The judge's decisions are final, so it
 * settles notes this far behind the clock: a stroke delivered late is still judged against its note, not
 * taken for an extra.
 */
const DELIVERY_MARGIN_MS = 250;

/** `voiced`: the strokes say which drum they hit (an e-kit on a lesson of several drums). */
export const emptyTake = (startTime: number, latencyMs: number, voiced: boolean): Take => ({
  startTime,
  latencyMs,
  notes: [],
  strokes: [],
  judge: new TakeJudge({ voiced }),
  voiced,
});

/** The practice room planned a note: the judge expects it. */
export function noteScheduled(take: Take, note: ScheduledNote): void {
  take.judge.addNote(note.due, take.notes.length);
  take.notes.push(note);
}

/** A stroke was heard: moved back by the setup's latency and judged on the take's clock. */
export function strokeHeard(take: Take, stroke: HeardStroke): void {
  take.strokes.push(stroke);
  take.judge.addHit(playedHitOf(take, stroke));
}

/** The running score at `now` (seconds on the audio clock): notes nothing can change any more. */
export function liveScore(take: Take, now: number): TakeScore {
  take.judge.settle(judgeTimeMs(take, now));
  return take.judge.score();
}

/**
 * The take ends at `now`: the notes whose reach had passed (and whose strokes, delayed by the setup, have
 * arrived) are scored; notes that sounded just before the stop are not counted.
 */
export const finalScore = (take: Take, now: number): TakeScore => take.judge.finish(judgeTimeMs(take, now));

const judgeTimeMs = (take: Take, now: number): number =>
  (now - take.startTime) * 1000 - take.latencyMs - DELIVERY_MARGIN_MS;

const playedHitOf = (take: Take, stroke: HeardStroke): PlayedHit => ({
  timeMs: (stroke.time - take.startTime) * 1000 - take.latencyMs,
  ...(stroke.voice ? { voice: stroke.voice } : {}),
  ...(stroke.velocity === undefined ? {} : { velocity: stroke.velocity }),
});

/** Offsets of the strokes that played notes, in 10 ms bins from -60 to +60 ms, for the summary's histogram. */
export const offsetHistogram = (
  score: TakeScore,
  binMs = 10,
  reachMs = 60,
): { from: number; count: number }[] => {
  const bins = Array.from({ length: (2 * reachMs) / binMs }, (_, index) => ({
    from: -reachMs + index * binMs,
    count: 0,
  }));
  for (const hit of score.hits) {
    if (hit.offsetMs === null || hit.ornament) continue;
    const index = Math.min(bins.length - 1, Math.max(0, Math.floor((hit.offsetMs + reachMs) / binMs)));
    const bin = bins[index];
    if (bin) bin.count++;
  }
  return bins;
};
