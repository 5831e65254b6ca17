/**
 * Hears hits in a microphone signal (a practice pad, or one drum of an acoustic kit): an onset is the
 * first sample of a stroke's attack. Pure and block-based, so the browser runs it inside an AudioWorklet
 * (128-frame blocks on the audio thread) and tests run it on generated buffers.
 *
 * A stroke is loud against the room: the detector follows the room's level (a slow average of the
 * rectified signal, frozen while a stroke rings) and fires when a sample rises above a threshold set by
 * the sensitivity and well above that level. It re-arms only when the stroke's envelope has fallen back
 * (hysteresis) and a short refractory time has passed, so one stroke never counts twice.
 */

export interface OnsetDetectorOptions {
  sampleRate: number;
  /** 0 (only hard strokes) to 1 (the lightest taps); 0.5 by default. */
  sensitivity?: number;
  /** Shortest time between two strokes, ms (a 16th at 250 bpm is 60 ms). */
  refractoryMs?: number;
}

/** The quietest peak that counts as a stroke, from the sensitivity: 0.5 at 0, 0.01 at 1 (log scale). */
export const onsetThreshold = (sensitivity: number): number => {
  const s = Math.min(1, Math.max(0, sensitivity));
  return 0.5 * Math.pow(0.01 / 0.5, s);
};

/** How far above the room's level a stroke must rise. */
const ABOVE_ROOM = 6;
/** The envelope must fall to this share of the threshold before the next stroke can count. */
const REARM_SHARE = 0.5;

export class OnsetDetector {
  private readonly sampleRate: number;
  private readonly refractoryFrames: number;
  private threshold: number;
  private room = 0;
  private envelope = 0;
  private armed = true;
  private lastOnset = Number.NEGATIVE_INFINITY;
  private readonly roomCoefficient: number;
  private readonly releaseCoefficient: number;

  constructor(options: OnsetDetectorOptions) {
    this.sampleRate = options.sampleRate;
    this.threshold = onsetThreshold(options.sensitivity ?? 0.5);
    this.refractoryFrames = Math.round(((options.refractoryMs ?? 50) / 1000) * options.sampleRate);
    // The room's level follows over about 300 ms; the envelope releases over about 20 ms.
    this.roomCoefficient = Math.exp(-1 / (0.3 * options.sampleRate));
    this.releaseCoefficient = Math.exp(-1 / (0.02 * options.sampleRate));
  }

  setSensitivity(sensitivity: number): void {
    this.threshold = onsetThreshold(sensitivity);
  }

  /**
   * Feeds one block of samples starting at `startFrame` (frames since the stream began) and returns the
   * frames at which strokes began.
   */
  process(block: ArrayLike<number>, startFrame: number): number[] {
    const onsets: number[] = [];
    for (let index = 0; index < block.length; index++) {
      const frame = startFrame + index;
      const level = Math.abs(block[index] ?? 0);
      this.envelope = Math.max(level, this.envelope * this.releaseCoefficient);
      const trigger = Math.max(this.threshold, this.room * ABOVE_ROOM);
      if (
        !this.armed &&
        this.envelope < trigger * REARM_SHARE &&
        frame - this.lastOnset >= this.refractoryFrames
      )
        this.armed = true;
      if (this.armed && level >= trigger) {
        onsets.push(frame);
        this.lastOnset = frame;
        this.armed = false;
      }
      // The room is what is heard between strokes.
      if (this.armed) this.room = this.room * this.roomCoefficient + level * (1 - this.roomCoefficient);
    }
    return onsets;
  }

  /** Frames to seconds at this detector's sample rate. */
  secondsAt(frame: number): number {
    return frame / this.sampleRate;
  }
}
