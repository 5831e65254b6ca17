/**
 * Hears hits in a microphone signal (a practice pad, or one drum of an acoustic kit): an onset is the
 * first sample of a stroke's attack. Pure and block-based, so the browser runs it inside an AudioWorklet
 * (128-frame blocks on the audio thread) and tests run it on generated buffers. Bounded memory: a few
 * small typed arrays allocated once; a block without a stroke allocates nothing.
 *
 * How it hears:
 * - Detection function: the high-frequency energy of the signal (its second difference, squared) in
 *   short frames of about 1.3 ms. A stick or beater strikes broadband, while a drum's ringing modes and
 *   mains hum sit low, so a new stroke stands out even while the last one still rings.
 * - A frame (or the next, if the attack began late in it) is a stroke when it rises fresh: at least
 *   twice the energy of every frame of the 12 ms before it (relative to the current stroke's own decay,
 *   not to an absolute level, so a fast passage on a ringing drum is heard stroke by stroke); above the
 *   ring of the strokes before (their loudest frame after the attack, fading over 40 ms: two modes
 *   beating rise slowly out of a null and stay under it); well above the room (a median of recent frame
 *   minima, learnt for about 80 ms before the detector arms and learnt all the time, strokes or not);
 *   and with a peak above the sensitivity's threshold.
 * - The onset is then refined in the time domain to the first sample of the attack, so a stroke is
 *   reported within a fraction of a ms of its true start, one frame (about 1.3 ms) after it is heard.
 * There is no armed state to lose: a short refractory time is the only wait between two strokes.
 */

export interface OnsetDetectorOptions {
  sampleRate: number;
  /** 0 (only hard strokes) to 1 (the lightest taps); 0.5 by default. */
  sensitivity?: number;
  /** Shortest time between two strokes, ms (a double-stroke roll at 20 strokes/s is 50 ms apart). */
  refractoryMs?: number;
}

/** The quietest peak that counts as a stroke, from the sensitivity: 0.5 at 0, 0.01 at 1 (log scale). */
export const onsetThreshold = (sensitivity: number): number => {
  const s = Math.min(1, Math.max(0, sensitivity));
  return 0.5 * Math.pow(0.01 / 0.5, s);
};

/** A stroke's frame has at least this many times the energy of every frame of the BEFORE_SECONDS before
 * it (the frame just before excepted: the attack may begin there); that long, so that a low drum's own
 * waveform (a kick's 55 Hz is 18 ms long), which rises and falls within the frames, is not a rise. */
const RISE = 2;
const BEFORE_SECONDS = 0.012;
/** ... and more than the ring of the strokes before it: the loudest frame since the last attack (its
 * first ATTACK_SECONDS left out), fading with a time constant of RING_SECONDS, so that two modes beating
 * (rising slowly out of a null) are not a new stroke. */
const ATTACK_SECONDS = 0.008;
const RING_SECONDS = 0.04;
/** ... and this many times the room's level (the median of recent frame minima). A frame of room noise
 * now and then reaches 4 times it (a false stroke while a low drum's ring holds the peak above the
 * threshold); 8 loses the soft strokes of a roll, whose ring the room reading follows. */
const ABOVE_ROOM = 6;
/** Frames per room segment (its minimum is one room reading), segments kept, segments before arming. */
const SEGMENT_FRAMES = 16;
const SEGMENTS = 31;
const SEGMENTS_BEFORE_ARMING = 4;
/** The attack begins at the first sample whose change reaches this share of the onset frames' largest. */
const ATTACK_SHARE = 0.2;
/** ... and at least this many times the RMS change before the stroke. */
const ATTACK_ABOVE_BEFORE = 4;

export class OnsetDetector {
  private readonly sampleRate: number;
  private readonly refractoryFrames: number;
  private threshold: number;
  /** Samples per detection frame (about 1.3 ms). */
  private readonly hop: number;
  /** The energy (and raw peak) of each of the last frames, a ring indexed by frame number. */
  private readonly energies: Float64Array;
  private readonly peaks: Float64Array;
  private readonly beforeFrames: number;
  private readonly attackFrames: number;
  private readonly ringDecay: number;
  /** The ring of the strokes so far (a frame energy), and the frames of the last stroke's attack. */
  private ring = 0;
  private attackFrom = -1;
  private attackTo = -1;
  /** The first differences of the last three frames' samples, a ring indexed by sample number. */
  private readonly changes: Float32Array;
  /** Room readings (frame-energy minima of each segment) and a scratch copy to take their median. */
  private readonly roomReadings: Float64Array;
  private readonly roomScratch: Float64Array;
  private roomReadingsSeen = 0;
  private segmentMinimum = Number.POSITIVE_INFINITY;
  private room = 0;

  private previous = 0;
  private beforePrevious = 0;
  private frameEnergy = 0;
  private framePeak = 0;
  private inFrame = 0;
  /** Frames completed since the stream began. */
  private frames = 0;
  /** Samples seen since the stream began, and the stream frame of the first one. */
  private samples = 0;
  private origin = Number.NaN;
  private lastOnset = Number.NEGATIVE_INFINITY;

  constructor(options: OnsetDetectorOptions) {
    this.sampleRate = options.sampleRate;
    this.threshold = onsetThreshold(options.sensitivity ?? 0.5);
    this.refractoryFrames = Math.round(((options.refractoryMs ?? 40) / 1000) * options.sampleRate);
    this.hop = Math.max(16, Math.round(options.sampleRate / 750));
    const framesIn = (seconds: number) => Math.ceil((seconds * options.sampleRate) / this.hop);
    this.beforeFrames = framesIn(BEFORE_SECONDS) + 1;
    this.attackFrames = framesIn(ATTACK_SECONDS);
    this.ringDecay = Math.exp(-this.hop / (RING_SECONDS * options.sampleRate));
    this.energies = new Float64Array(this.beforeFrames + 4);
    this.peaks = new Float64Array(this.energies.length);
    this.changes = new Float32Array(3 * this.hop);
    this.roomReadings = new Float64Array(SEGMENTS);
    this.roomScratch = new Float64Array(SEGMENTS);
  }

  setSensitivity(sensitivity: number): void {
    this.threshold = onsetThreshold(sensitivity);
  }

  /**
   * Feeds one block of samples starting at `startFrame` (frames since the stream began) and returns the
   * frames at which strokes began (possibly in an earlier block: a stroke is confirmed a frame after it
   * is heard).
   */
  process(block: ArrayLike<number>, startFrame: number): readonly number[] {
    if (Number.isNaN(this.origin)) this.origin = startFrame;
    let onsets: number[] | undefined;
    const hop = this.hop;
    const changes = this.changes;
    for (let index = 0; index < block.length; index++) {
      const sample = block[index] ?? 0;
      const change = sample - 2 * this.previous + this.beforePrevious;
      this.beforePrevious = this.previous;
      this.previous = sample;
      changes[this.samples % changes.length] = change;
      this.samples++;
      this.frameEnergy += change * change;
      const level = sample < 0 ? -sample : sample;
      if (level > this.framePeak) this.framePeak = level;
      if (++this.inFrame < hop) continue;
      const onset = this.endFrame();
      if (onset !== undefined) (onsets ??= []).push(onset);
    }
    return onsets ?? NO_ONSETS;
  }

  /** Frames to seconds at this detector's sample rate. */
  secondsAt(frame: number): number {
    return frame / this.sampleRate;
  }

  /** Closes a frame, learns the room from it, and judges the frame before it (now that its successor
   * is known): the stream frame of a stroke's first sample, or undefined. */
  private endFrame(): number | undefined {
    const energy = this.frameEnergy;
    const size = this.energies.length;
    const current = this.frames % size;
    this.energies[current] = energy;
    this.peaks[current] = this.framePeak;
    this.frameEnergy = 0;
    this.framePeak = 0;
    this.inFrame = 0;
    this.frames++;
    this.learnRoom(energy);

    const candidate = this.frames - 2;
    const onset = this.judge(candidate, current);
    // The ring follows the frames up to the candidate's predecessor, the strokes' attacks left out.
    const settled = candidate - 1;
    this.ring *= this.ringDecay;
    if (settled > 0 && (settled < this.attackFrom || settled > this.attackTo))
      this.ring = Math.max(this.ring, this.energyOf(settled));
    return onset;
  }

  private judge(candidate: number, current: number): number | undefined {
    if (this.roomReadingsSeen < SEGMENTS_BEFORE_ARMING) return undefined;
    // The candidate's frame or the next: an attack beginning late in a frame is heard whole in the next.
    const heard = Math.max(this.energyOf(candidate), this.energyOf(candidate + 1));
    let before = 0;
    for (let frame = candidate - this.beforeFrames; frame <= candidate - 2; frame++)
      before = Math.max(before, this.energyOf(frame));
    if (!(heard > RISE * before && heard > ABOVE_ROOM * this.room && heard > this.ring)) return undefined;
    const size = this.peaks.length;
    if (Math.max(this.peaks[candidate % size] ?? 0, this.peaks[current] ?? 0) < this.threshold)
      return undefined;
    const onset = this.attackStart(before);
    if (onset - this.lastOnset < this.refractoryFrames) return undefined;
    this.lastOnset = onset;
    this.attackFrom = candidate - 1;
    this.attackTo = candidate + this.attackFrames;
    return onset;
  }

  /** The energy of a recent frame (0 before the stream began). */
  private energyOf(frame: number): number {
    return frame < 0 ? 0 : (this.energies[frame % this.energies.length] ?? 0);
  }

  /** The first sample of the attack among the candidate frame, the one before it and the one after. */
  private attackStart(energyBefore: number): number {
    const hop = this.hop;
    const changes = this.changes;
    const first = this.samples - 3 * hop;
    let largest = 0;
    for (let sample = first + hop; sample < this.samples; sample++)
      largest = Math.max(largest, Math.abs(changes[sample % changes.length] ?? 0));
    const level = Math.max(ATTACK_SHARE * largest, ATTACK_ABOVE_BEFORE * Math.sqrt(energyBefore / hop));
    let sample = first;
    while (sample < this.samples && Math.abs(changes[sample % changes.length] ?? 0) < level) sample++;
    return this.origin + (sample < this.samples ? sample : first + hop);
  }

  /** The room's level: the median of the last segments' quietest frames, heard with or without strokes. */
  private learnRoom(energy: number): void {
    if (energy < this.segmentMinimum) this.segmentMinimum = energy;
    if (this.frames % SEGMENT_FRAMES !== 0) return;
    this.roomReadings[this.roomReadingsSeen % SEGMENTS] = this.segmentMinimum;
    this.roomReadingsSeen++;
    this.segmentMinimum = Number.POSITIVE_INFINITY;
    const count = Math.min(this.roomReadingsSeen, SEGMENTS);
    const sorted = this.roomScratch;
    for (let i = 0; i < count; i++) {
      const reading = this.roomReadings[i] ?? 0;
      let j = i;
      for (; j > 0 && (sorted[j - 1] ?? 0) > reading; j--) sorted[j] = sorted[j - 1] ?? 0;
      sorted[j] = reading;
    }
    this.room = sorted[count >> 1] ?? 0;
  }
}

const NO_ONSETS: readonly number[] = Object.freeze([]);
