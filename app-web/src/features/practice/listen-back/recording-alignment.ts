import { median } from '@stickwork/domain';
import { OnsetDetector } from '@stickwork/domain/onset-detector';

/**
 * Where a recording's first sample sits on the audio clock. MediaRecorder's `start` event is not it: the
 * recorder starts later than the event says and its encoder adds its own delay (the recorded strokes
 * sounded 33-80 ms off their notes). The coach heard the same microphone on the audio clock, so the
 * recording is placed by the strokes both heard: the project's onset detector runs over the decoded
 * recording, and each stroke the coach heard (audio clock) less each onset heard in the recording
 * (seconds into it) is a candidate for the origin. Human strokes are never evenly spaced to the ms, so
 * only the true origin has most strokes agreeing to within SAME_STROKE_SECONDS.
 */

/** Two detections are one stroke when they agree within this (the detector is within a fraction of a ms
 * on the same signal; a lossy codec moves an attack by a ms or two at most). */
const SAME_STROKE_SECONDS = 0.004;
/** How far from the recorder's start event the first sample may sit (the start event was 33-80 ms off). */
const SEARCH_SECONDS = 0.5;
const BIN_SECONDS = 0.001;
/** The fewest strokes that must agree, and the least share of the strokes heard during the recording. */
const FEWEST_AGREEING = 4;
const LEAST_SHARE_AGREEING = 0.5;

export interface RecordingPlacement {
  /** The audio-clock time of the recording's first sample. */
  origin: number;
  /** How many of the coach's strokes the recording's onsets agree with. */
  agreeing: number;
}

/**
 * The recording's origin on the audio clock from the strokes the coach heard (`heard`, audio-clock
 * seconds) and the onsets heard in the recording (`recorded`, seconds into it, ascending); `startEvent`
 * (the audio clock at the recorder's start event) bounds the search and breaks ties. The median of the
 * agreeing strokes' differences; null when too few agree to say.
 */
export const recordingOrigin = (
  heard: readonly number[],
  recorded: readonly number[],
  startEvent: number,
  duration: number,
): RecordingPlacement | null => {
  const lowest = startEvent - SEARCH_SECONDS;
  const bins = new Uint32Array(Math.round((2 * SEARCH_SECONDS) / BIN_SECONDS) + 1);
  const differencesOf = (time: number) =>
    recorded.map((onset) => time - onset).filter((origin) => Math.abs(origin - startEvent) <= SEARCH_SECONDS);
  for (const time of heard)
    for (const origin of differencesOf(time)) bins[Math.floor((origin - lowest) / BIN_SECONDS)]!++;
  // The origin most strokes agree on: the 1 ms bins summed over SAME_STROKE_SECONDS either side.
  const reach = Math.round(SAME_STROKE_SECONDS / BIN_SECONDS);
  let best = -1;
  let bestCount = 0;
  const middle = (bins.length - 1) / 2;
  for (let bin = 0; bin < bins.length; bin++) {
    let count = 0;
    for (let near = Math.max(0, bin - reach); near <= Math.min(bins.length - 1, bin + reach); near++)
      count += bins[near]!;
    if (count > bestCount || (count === bestCount && Math.abs(bin - middle) < Math.abs(best - middle))) {
      best = bin;
      bestCount = count;
    }
  }
  if (best < 0) return null;
  const center = lowest + (best + 0.5) * BIN_SECONDS;
  // Each heard stroke's nearest recorded onset to that origin, if it agrees.
  const agreeing = heard.flatMap((time) => {
    const candidates = differencesOf(time).filter(
      (origin) => Math.abs(origin - center) <= SAME_STROKE_SECONDS + BIN_SECONDS,
    );
    if (candidates.length === 0) return [];
    return [candidates.reduce((a, b) => (Math.abs(a - center) <= Math.abs(b - center) ? a : b))];
  });
  const during = heard.filter((time) => time - center >= 0 && time - center <= duration).length;
  if (agreeing.length < Math.max(FEWEST_AGREEING, LEAST_SHARE_AGREEING * during)) return null;
  return { origin: median(agreeing), agreeing: agreeing.length };
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
