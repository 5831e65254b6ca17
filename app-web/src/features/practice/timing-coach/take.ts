import {
  scoreTake,
  timingWindowMs,
  type DueNote,
  type PlayedHit,
  type TakeScore,
  type Voice,
} from '@stickwork/domain';

/** A note of the pattern as the practice room scheduled it: seconds on the card's audio clock. */
export interface ScheduledNote {
  time: number;
  voice: Voice;
  bpm: number;
  /** The note's grid step in the notation, and which pass through the pattern it belongs to (for the lanes). */
  step?: number;
  pass?: number;
  /** As written: the e-kit's velocity is judged against it. */
  accent?: boolean;
  ghost?: boolean;
}

/** A stroke the coach heard: seconds on the card's audio clock, latency not yet subtracted. */
export interface HeardStroke {
  time: number;
  voice?: Voice;
  velocity?: number;
}

/** One take: from "Play pattern" to stop, count-in excluded (the practice room schedules no notes in it). */
export interface Take {
  startTime: number;
  notes: ScheduledNote[];
  strokes: HeardStroke[];
}

export const emptyTake = (startTime: number): Take => ({ startTime, notes: [], strokes: [] });

/**
 * Scores what is settled at `now`: notes whose window has closed (and whose stroke would have arrived
 * through the setup's latency), and the strokes up to then, each moved back by that latency. Called live
 * (running accuracy) and when the take ends: notes that sounded just before the stop are not counted.
 */
export function scoreTakeAt(
  take: Take,
  latencyMs: number,
  now: number = Number.POSITIVE_INFINITY,
): TakeScore {
  // A note is settled once its window has closed and a stroke for it, delayed by the setup, has arrived.
  const settled = (note: ScheduledNote) => note.time + (timingWindowMs(note.bpm) + latencyMs) / 1000 <= now;
  const notes = take.notes.filter(settled);
  const horizon = notes.reduce(
    (latest, note) => Math.max(latest, note.time + timingWindowMs(note.bpm) / 1000),
    Number.NEGATIVE_INFINITY,
  );
  const due: DueNote[] = notes.map((note) => ({
    timeMs: (note.time - take.startTime) * 1000,
    voice: note.voice,
    bpm: note.bpm,
    ...(note.accent ? { accent: true } : {}),
    ...(note.ghost ? { ghost: true } : {}),
  }));
  const hits: PlayedHit[] = take.strokes
    .map((stroke) => ({ ...stroke, time: stroke.time - latencyMs / 1000 }))
    .filter((stroke) => stroke.time <= horizon)
    .map((stroke) => ({
      timeMs: (stroke.time - take.startTime) * 1000,
      ...(stroke.voice ? { voice: stroke.voice } : {}),
      ...(stroke.velocity === undefined ? {} : { velocity: stroke.velocity }),
    }));
  return scoreTake(due, hits);
}

/** Offsets of a take's matched hits in 10 ms bins from -60 to +60 ms, for the summary's histogram. */
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
    if (hit.offsetMs === null) continue;
    const index = Math.min(bins.length - 1, Math.max(0, Math.floor((hit.offsetMs + reachMs) / binMs)));
    const bin = bins[index];
    if (bin) bin.count++;
  }
  return bins;
};

/**
 * A performance.now() time (a MIDI event's timeStamp) on the audio clock, as heard from the speakers: the
 * same mapping the practice room uses to light the notation (its output timestamp, else the current time
 * less the output latency).
 */
export const contextTimeOf = (context: AudioContext, performanceMs: number): number => {
  const stamp = typeof context.getOutputTimestamp === 'function' ? context.getOutputTimestamp() : undefined;
  if (stamp?.contextTime && stamp.performanceTime)
    return stamp.contextTime + (performanceMs - stamp.performanceTime) / 1000;
  const heardNow = context.currentTime - (context.outputLatency || context.baseLatency || 0);
  return heardNow + (performanceMs - performance.now()) / 1000;
};
