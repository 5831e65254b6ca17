import { median } from '@stickwork/domain';
import { OnsetDetector } from '@stickwork/domain/onset-detector';

/**
 * Where a recording's first sample sits on the audio clock, and where each stroke the coach heard sits in
 * it. MediaRecorder's `start` event is not the first sample: the recorder starts later than the event
 * says and its encoder adds its own delay (the recorded strokes sounded 33-80 ms off their notes). The
 * coach heard the same microphone on the audio clock, so the recording is placed by the strokes both
 * heard: the project's onset detector runs over the decoded recording, and each stroke the coach heard
 * (audio clock) less each onset heard in the recording (seconds into it) is a candidate for the origin.
 * Human strokes are never evenly spaced to the ms, so only the true origin has most strokes agreeing to
 * within SAME_STROKE_SECONDS.
 *
 * One origin is not the whole story: an audio input that glitches under load moves what the coach heard
 * after the glitch by a buffer (10 ms) against the recording, and the glitch itself can sound like a
 * stroke to the coach that the recording does not hold. So each heard stroke is then paired with the
 * recording's onset that is that stroke (or with none), and the time line follows the pairs.
 */

/** Two detections are one stroke when they agree within this (the detector is within a fraction of a ms
 * on the same signal; a lossy codec moves an attack by a ms or two at most). */
const SAME_STROKE_SECONDS = 0.004;
/** How far from the recorder's start event the first sample may sit: the event was 33-80 ms off on an
 * idle machine, and came 0.38 and 0.75 s after the first sample on one loaded (load average 15-22). */
const SEARCH_SECONDS = 1.5;
const BIN_SECONDS = 0.001;
/** The fewest strokes that must agree on the origin, and the least share of the strokes heard during
 * the recording that must be found in it. */
const FEWEST_AGREEING = 4;
const LEAST_SHARE_MATCHED = 0.5;
/** How far from the place the strokes before it give a heard stroke may sit and still be the
 * recording's onset: an input glitch under load moves the strokes after it by 10-30 ms (whole 10 ms
 * buffers; seen in the journey at a load average of 15-22). */
const GLITCH_SECONDS = 0.035;
/** How many pairs heard last give the next stroke its place: their median difference, so one stroke
 * heard a few ms off does not move the next, and a glitch does after two strokes. */
const RECENT_PAIRS = 3;
/** How many origins, the most agreed on, are followed through the take. */
const ORIGINS_TRIED = 64;
/** How many pairs, nearest a moment, place it: their median difference, so that one stroke the
 * recording's detector heard a few ms off moves nothing, while a glitch followed by more strokes does. */
const NEAREST_PAIRS = 5;

/** A stroke the coach heard (`heard`, audio clock) and the onset in the recording that is that stroke
 * (`recorded`, seconds into it). */
export interface MatchedStroke {
  heard: number;
  recorded: number;
}

export interface RecordingPlacement {
  /** The audio-clock time of the recording's first sample, as most strokes agree. */
  origin: number;
  /** How many of the coach's strokes agree on the origin within SAME_STROKE_SECONDS. */
  agreeing: number;
  /** Every heard stroke the recording holds, with its onset there, in the order heard. */
  matched: MatchedStroke[];
}

/**
 * The recording's place on the audio clock from the strokes the coach heard (`heard`, audio-clock
 * seconds) and the onsets heard in the recording (`recorded`, seconds into it, ascending); `startEvent`
 * (the audio clock at the recorder's start event) bounds the search. Each origin many strokes agree on
 * is followed through the take (pairedStrokes); the one followed most steadily places the recording.
 * Null when too few strokes agree, or fewer than half those heard are found in the recording.
 */
export const placeRecording = (
  heard: readonly number[],
  recorded: readonly number[],
  startEvent: number,
  duration: number,
): RecordingPlacement | null => {
  const lowest = startEvent - SEARCH_SECONDS;
  const startBin = Math.round(SEARCH_SECONDS / BIN_SECONDS);
  const bins = new Uint32Array(Math.round((2 * SEARCH_SECONDS) / BIN_SECONDS) + 1);
  const differencesOf = (time: number) =>
    recorded.map((onset) => time - onset).filter((origin) => Math.abs(origin - startEvent) <= SEARCH_SECONDS);
  for (const time of heard)
    for (const origin of differencesOf(time)) bins[Math.floor((origin - lowest) / BIN_SECONDS)]!++;
  // How many strokes agree on each origin: the 1 ms bins summed over SAME_STROKE_SECONDS either side.
  const reach = Math.round(SAME_STROKE_SECONDS / BIN_SECONDS);
  const counts = Array.from(bins, (_, bin) => {
    let count = 0;
    for (let near = Math.max(0, bin - reach); near <= Math.min(bins.length - 1, bin + reach); near++)
      count += bins[near]!;
    return count;
  });
  // The origins most strokes agree on, apart from each other: each is followed through the take, and
  // the one its strokes follow steadily (a glitch breaks the agreement once, a wrong origin at almost
  // every stroke) wins; a tie goes to the one more strokes agree on, then to the one nearer the start
  // event.
  const byCount = counts
    .map((count, bin) => ({ count, bin }))
    .filter(({ count }) => count >= FEWEST_AGREEING)
    .sort((a, b) => b.count - a.count || Math.abs(a.bin - startBin) - Math.abs(b.bin - startBin));
  const tried: number[] = [];
  let best: (RecordingPlacement & { steady: number; distance: number }) | null = null;
  for (const { bin } of byCount) {
    if (tried.length === ORIGINS_TRIED) break;
    if (tried.some((other) => Math.abs(other - bin) <= 2 * reach)) continue;
    tried.push(bin);
    const center = lowest + (bin + 0.5) * BIN_SECONDS;
    // Each heard stroke's nearest recorded onset to that origin, if it agrees.
    const agreeing = heard.flatMap((time) => {
      const after = firstAtOrAfter(recorded, time - center);
      const nearest = [recorded[after - 1], recorded[after]]
        .filter((onset) => onset !== undefined)
        .map((onset) => time - onset)
        .sort((a, b) => Math.abs(a - center) - Math.abs(b - center))[0];
      return nearest !== undefined && Math.abs(nearest - center) <= SAME_STROKE_SECONDS + BIN_SECONDS
        ? [nearest]
        : [];
    });
    if (agreeing.length < FEWEST_AGREEING) continue;
    const origin = median(agreeing);
    const { matched, steady } = pairedStrokes(heard, recorded, origin);
    const distance = Math.abs(origin - startEvent);
    const better =
      !best ||
      steady > best.steady ||
      (steady === best.steady &&
        (agreeing.length > best.agreeing || (agreeing.length === best.agreeing && distance < best.distance)));
    if (better) best = { origin, agreeing: agreeing.length, matched, steady, distance };
  }
  if (!best) return null;
  const { origin, matched } = best;
  const during = heard.filter((time) => time - origin >= 0 && time - origin <= duration).length;
  if (matched.length < LEAST_SHARE_MATCHED * during) return null;
  return { origin, agreeing: best.agreeing, matched };
};

/**
 * Each heard stroke paired with the recorded onset at its place, followed through the take: from the
 * first stroke agreeing on the origin, forwards and then backwards, each stroke's place is its time less
 * the median difference of the last RECENT_PAIRS pairs, and the free onset nearest it within
 * GLITCH_SECONDS is that stroke, unless the next stroke lies nearer to it (a grace stroke the recording
 * did not hear leaves its main stroke's onset alone). Each stroke and each onset at most once.
 */
const pairedStrokes = (
  heard: readonly number[],
  recorded: readonly number[],
  origin: number,
): { matched: MatchedStroke[]; steady: number } => {
  const times = [...heard].sort((a, b) => a - b);
  const onsetOf = new Array<number | null>(times.length).fill(null);
  const used = new Set<number>();
  const nearestFree = (place: number): number | null => {
    let best: number | null = null;
    for (let index = firstAtOrAfter(recorded, place - GLITCH_SECONDS); index < recorded.length; index++) {
      if (recorded[index]! > place + GLITCH_SECONDS) break;
      if (used.has(index)) continue;
      if (best === null || Math.abs(recorded[index]! - place) < Math.abs(recorded[best]! - place))
        best = index;
    }
    return best;
  };
  const pair = (stroke: number, onset: number) => {
    onsetOf[stroke] = onset;
    used.add(onset);
  };
  // The strokes agreeing on the origin hold their onsets first.
  times.forEach((time, stroke) => {
    const onset = nearestFree(time - origin);
    if (onset !== null && Math.abs(time - origin - recorded[onset]!) <= SAME_STROKE_SECONDS + BIN_SECONDS)
      pair(stroke, onset);
  });
  const first = onsetOf.findIndex((onset) => onset !== null);
  if (first < 0) return { matched: [], steady: 0 };
  // Pairs where the strokes before them said they would be.
  let steady = 0;
  const follow = (strokes: number[]) => {
    const recent: number[] = [];
    strokes.forEach((stroke, step) => {
      const held = onsetOf[stroke];
      if (held === null || held === undefined) {
        const place = times[stroke]! - median(recent.slice(-RECENT_PAIRS));
        const onset = nearestFree(place);
        if (onset === null) return;
        const next = strokes[step + 1];
        const nextPlace = next === undefined ? null : times[next]! - median(recent.slice(-RECENT_PAIRS));
        if (nextPlace !== null && Math.abs(nextPlace - recorded[onset]!) < Math.abs(place - recorded[onset]!))
          return;
        pair(stroke, onset);
      }
      const difference = times[stroke]! - recorded[onsetOf[stroke]!]!;
      if (
        recent.length === 0 ||
        Math.abs(difference - median(recent.slice(-RECENT_PAIRS))) <= SAME_STROKE_SECONDS
      )
        steady++;
      recent.push(difference);
    });
  };
  follow(times.map((_, stroke) => stroke).slice(first));
  follow(
    times
      .map((_, stroke) => stroke)
      .slice(0, first + 1)
      .reverse(),
  );
  const matched = times.flatMap((time, stroke) => {
    const onset = onsetOf[stroke];
    return onset === null || onset === undefined ? [] : [{ heard: time, recorded: recorded[onset]! }];
  });
  return { matched, steady };
};

/** A recording's time line, from its placement on the audio clock. */
export interface RecordingTimeline {
  /** Seconds into the recording of a moment on the audio clock (a note, a click). */
  timeOf(time: number): number;
  /** Where the recording holds the stroke the coach heard at `heard` (audio clock), or null when it
   * does not (a sound of the input's glitch, or a stroke too soft in the recording to be heard). */
  strokeAt(heard: number): number | null;
}

/**
 * The time line of a placed recording: a moment is placed by the NEAREST_PAIRS matched strokes heard
 * nearest it, their median difference (by the origin when none are matched), so the notes and clicks
 * follow a glitch or a drifting clock through the take as the strokes do.
 */
export const recordingTimeline = (
  placement: Pick<RecordingPlacement, 'origin' | 'matched'>,
): RecordingTimeline => {
  const { matched } = placement;
  const heard = matched.map((pair) => pair.heard);
  return {
    timeOf(time) {
      if (matched.length === 0) return time - placement.origin;
      // Outwards from `time`, the nearer pair first, until there are enough.
      let after = firstAtOrAfter(heard, time);
      let before = after - 1;
      const differences: number[] = [];
      while (differences.length < NEAREST_PAIRS && (before >= 0 || after < matched.length)) {
        const earlier = matched[before];
        const later = matched[after];
        const pair = earlier && (!later || time - earlier.heard <= later.heard - time) ? earlier : later!;
        if (pair === earlier) before--;
        else after++;
        differences.push(pair.heard - pair.recorded);
      }
      return time - median(differences);
    },
    strokeAt(time) {
      const pair = matched[firstAtOrAfter(heard, time - 1e-6)];
      return pair && Math.abs(pair.heard - time) < 1e-6 ? pair.recorded : null;
    },
  };
};

/** The index of the first of `ascending` at or after `time` (its length when none is). */
const firstAtOrAfter = (ascending: readonly number[], time: number): number => {
  let low = 0;
  let high = ascending.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ascending[middle]! < time) low = middle + 1;
    else high = middle;
  }
  return low;
};

const BLOCK = 128;
/** Blocks the detector hears between two pauses (half a second at 48 kHz): the page stays responsive
 * while a long take is heard. */
const BLOCKS_BETWEEN_PAUSES = 192;

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The strokes in a recording, seconds into it, heard by the coach's own detector at its sensitivity. */
export const onsetsIn = async (
  audio: { sampleRate: number; getChannelData(channel: number): Float32Array },
  sensitivity: number,
): Promise<number[]> => {
  const samples = audio.getChannelData(0);
  const detector = new OnsetDetector({ sampleRate: audio.sampleRate, sensitivity });
  const onsets: number[] = [];
  for (let block = 0; block * BLOCK < samples.length; block++) {
    const from = block * BLOCK;
    for (const frame of detector.process(samples.subarray(from, from + BLOCK), from))
      onsets.push(detector.secondsAt(frame));
    if (block % BLOCKS_BETWEEN_PAUSES === BLOCKS_BETWEEN_PAUSES - 1) await pause();
  }
  return onsets;
};
