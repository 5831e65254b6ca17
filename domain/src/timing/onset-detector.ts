/**
 * Hears hits in a microphone signal (a practice pad, or an acoustic kit): an onset is the first sample
 * of a stroke's attack. Pure and block-based, so the browser runs it inside an AudioWorklet (128-frame
 * blocks on the audio thread) and tests run it on generated buffers. Bounded memory: a few small typed
 * arrays allocated once; a block without a stroke allocates nothing.
 *
 * How it hears (after aubio's onset detector: a spectral detection function, and a peak picker whose
 * threshold follows the function's own recent history):
 * - Five bands (below 200 Hz, 200-800 Hz, 0.8-3 kHz, 3-8 kHz, above 8 kHz: each a high-pass and a
 *   low-pass biquad) and each band's energy in frames of about 1.3 ms. A kick lives low, a snare's body
 *   in the middle, a hi-hat and the wires high: each drum's attack is a rise in a band of its own, so
 *   the hiss of cymbals and wires does not hide a kick, and a snare's ring does not hide a hi-hat.
 * - Detection function: the weighted sum over the bands of log2 of how many times a band's energy rose, its
 *   mean over a short window (5 ms low, 1.3 ms high: a band's time resolution follows its width)
 *   against its mean over the 24 ms before, and below 3 kHz against the ring of the strokes before
 *   (so a drum's modes beating, its wires and a stick's rattle do not rise; fading fast enough above
 *   200 Hz that a ghost note between two hi-hat strokes does); each band floored at 1.5 times the
 *   room's level in that band (8 below 200 Hz, 2 at 0.8-3 kHz; the room: a median of recent frame
 *   minima, learnt all the time). Ratios, not levels: the same take 18 dB quieter gives the same
 *   function.
 * - Peak picking: a stroke when the function exceeds its own recent median plus half its recent mean,
 *   plus a fixed rise (2.05: about 6 dB over the bands together); one stroke per rise, and at most one
 *   per 30 ms. A rise only above 3 kHz, soon after a stroke and far under it there, is that stroke's
 *   rattle (a side-stick's), not a stroke; within 40 ms and louder there than its crack, its wires. Out
 *   of a pause, a weak rise must last: a hiss flickers (FLICKER) and bursts (LINGER).
 * - Sensitivity: a stroke must also be loud enough against the drummer's own recent strokes (the
 *   loudest, fading by 6 dB a second): within 20 dB of them at sensitivity 0, 40 at 0.5, 60 at 1.
 * - The onset is then refined in the time domain to the first sample of the attack (the second
 *   difference of the signal), so a stroke is reported within a fraction of a ms of its true start,
 *   about 5 ms after it began (a weak one out of a pause about 21 ms after: LINGER).
 */

export interface OnsetDetectorOptions {
  sampleRate: number;
  /** 0 (only strokes near the loudest recent ones) to 1 (the lightest ghost notes); 0.5 by default. */
  sensitivity?: number;
  /** Shortest time between two strokes, ms (a double-stroke roll at 20 strokes/s is 50 ms apart). */
  refractoryMs?: number;
}

/** How far (dB) below the drummer's loudest recent strokes a stroke still counts: 20 dB at sensitivity
 * 0, 40 at 0.5, 60 at 1. Accents and ghost notes lie 20-35 dB apart. */
export const softestStrokeDb = (sensitivity: number): number =>
  20 + 40 * Math.min(1, Math.max(0, sensitivity));

/** The bands' edges, Hz. */
const CROSSOVERS_HZ = [200, 800, 3000, 8000];
const BANDS = CROSSOVERS_HZ.length + 1;
/** A band rises against its loudest frame of the BEFORE_SECONDS before it (the frame just before
 * excepted: the attack may begin there); that long, so that a kick's own waveform (55 Hz is 18 ms long),
 * which rises and falls within the frames, is not a rise. */
const BEFORE_SECONDS = 0.024;
/** A window is heard whole: its mean energy per band over HEARD_SECONDS, long enough that a noisy
 * ring (a snare's wires) does not flicker, short enough to be within a stroke's attack. */
const HEARD_SECONDS = [0.005, 0.005, 0.0025, 0.0013, 0.0013];
/** In the bands below 3 kHz a rise must also pass the ring of the strokes before: each band's frames after
 * the attack (its first ATTACK_SECONDS left out), fading with a time constant once RING_HELD_SECONDS have
 * passed, so that two modes beating (a tom, a snare's shell beside mains hum) are not a new stroke, nor a
 * snare's wires answering the stick 20-30 ms after it. Below 200 Hz 40 ms: a kick's and a tom's modes, and
 * a room's noise, swell slowly there. Above, 20 ms, so that a ghost note 60-100 ms after a hi-hat is heard
 * over what is left of the hat; and at 0.8-3 kHz a second ring 18 dB under the first that fades over
 * 200 ms, so that a stick's rattle after its click (a side-stick's, 180 ms on) is not a stroke.
 * Measured on the ear bench (docs/timing-coach.md): all at 40 ms, the kits heard 1.0-1.7 points fewer
 * strokes; all at 20 ms with no second ring, a side-stick's rattles fell precision to 84 % and a room's
 * low swells to 93 %. */
const RINGS: readonly { band: number; seconds: number; belowDb: number }[] = [
  { band: 0, seconds: 0.04, belowDb: 0 },
  { band: 1, seconds: 0.02, belowDb: 0 },
  { band: 2, seconds: 0.02, belowDb: 0 },
  { band: 2, seconds: 0.2, belowDb: 18 },
];
const RING_HELD_SECONDS = 0.02;
/** How much each band's rise counts. Below 800 Hz three quarters: a drum's modes swell and beat there, while every
 * stroke's attack also reaches the bands above (a kick from silence still rises by tens of bits). 0.8-3 kHz one and a
 * half: a ghost note is a rise of a few dB there and below, over a hi-hat's falling tail, with nothing above 4 kHz.
 * Measured on the ear bench (docs/timing-coach.md): at one half below 800 Hz and one at 0.8-3 kHz the kits heard
 * 1.1-4.6 points fewer strokes, at the same precision within 0.6 points. */
const BAND_WEIGHTS = [0.75, 0.75, 1.5, 1, 1];
const ATTACK_SECONDS = 0.008;
/** Each band's energy is floored at this many times the room's level in that band, so room noise
 * never rises by much (a frame of noise now and then reaches 4 times its median minimum: a bit over
 * this floor), while a soft stroke over a quiet room still rises by several. 2 hears more ghost notes
 * than 3 on every recorded kit, snare and pad of the ear bench, at most 0.8 points of precision lost.
 * Below 200 Hz 8: a frame there holds less than one cycle, so a room's noise swells 20-25 dB over its
 * quietest frames, and at a fixed rise of 2.0 pink noise at -50 dBFS was heard as strokes (the snare
 * alone in the room at 93.6 % precision; 94.8 % with this floor, ear bench). Above 3 kHz 1.5: a stick's
 * crack over hiss (a quieter microphone's) rises there by little more than the floor, so at 2 every cell
 * of the ear bench heard 0-0.8 points fewer strokes (at most 0.6 points more precise); at 1.25 the pads'
 * scores in a room fell, and 1.5 at 0.8-3 kHz too heard a false stroke among generated kick and tom
 * accents with ghost notes (a test). At 200-800 Hz 1.5 too: a ghost note over hiss rises there from about
 * the room's level, so the floor takes much of its rise (one traced: 2.9 bits, 2.0 over a floor of 2, 2.1
 * over 1.5); every cell of the ear bench heard 0-0.4 points more, none fewer, its lowest precision the same
 * and every cell's within 0.3 points (at 1.25, 0.06 points more and the lowest precision 95.8 %). */
const ABOVE_ROOM = [8, 1.5, 2, 1.5, 1.5];
/** The detection function (sum of the bands' log2 rises) must exceed: RISE (about 6 dB over the bands
 * together) + the median of its last HISTORY frames + MEAN_SHARE times their mean. 2.05, not 2.5, since
 * a stick's rattle is told apart (RATTLE): the kits hear 1.1-2.6 points more strokes, every cell at least
 * 95.3 % precise (ear bench; at 2.0, 94.9 % on the Black Pearl kit in the room, 94.8 % on its snare there). */
const RISE = 2.05;
/** A stick's rattle after a click (a side-stick's, 130-225 ms on, 24-30 dB under it and only above
 * 3 kHz) is not a stroke: within RATTLE.seconds of the last stroke, a rise with next to nothing from 200 Hz
 * to 3 kHz (under middleRise bits; below 200 Hz no more than a room's swell, bottomRise), little above
 * 3 kHz (under highRise bits: a rattle rises 1.3-3 there, a ghost note's stick on a pad or a tom more)
 * and whose energy above 3 kHz lies RATTLE.belowDb under that stroke's. A hi-hat after a snare stroke is
 * as loud as its wires up there, so it still counts; a ghost note 25 dB under an accent, within 240 ms and
 * with its body hidden by the accent's ring, may not (a quarter second on it counts: ghost notes on 8ths at
 * 120 bpm). Without it, at a fixed rise of 2.25 FluidR3's side-stick pad was heard at 89 % precision; within
 * 200 ms, 25 dB under and under 0.05 bits at 200 Hz-3 kHz, 97 % clean and 96 % in the room, its score
 * through the microphone 8.9 points under its MIDI score there (4.5 now; ear bench). */
const RATTLE = { seconds: 0.24, belowDb: 23, middleRise: 0.35, bottomRise: 1.5, highRise: 3.5 };
/** A snare's wires answering its stick (the Black Pearl kit's, 30-32 ms on) swell above 3 kHz alone, louder
 * there than the stick's crack: within WIRES_SECONDS of a stroke, a rise with next to nothing below 3 kHz (as
 * RATTLE's) and more energy above 3 kHz than that stroke's attack had is not a stroke, nor the rest of
 * its rise. Without it, over a quieter microphone's hiss, that snare was heard at 94.1 % precision and its
 * score through the microphone 15.3 points under its MIDI score (2.2 with it); a hi-hat 30-40 ms after a
 * stroke still rises below 3 kHz (the kits and FluidR3's snare lost 0-0.3 points of recall; ear bench). */
const WIRES_SECONDS = 0.04;
/** A hiss flickers: over white noise (a microphone's own, within the sensitivity's reach of the strokes)
 * a few bands now and then rise together by chance, each by under 1.4 bits, their sum just over the
 * threshold, and fall back in the next frames; a stroke's sound lasts. So out of a pause (pauseSeconds
 * since the last stroke), a rise with no band up by bandRise bits and made mostly in the short windows of
 * the bands above 800 Hz is a stroke only if, in the frames after those windows, they still rise by
 * lasting times their rise. Within a quick groove (a ghost note between strokes) it does not apply: at
 * any time it cost 0.65 points of recall on the ear bench. Over -45 dBFS of white noise after soft
 * strokes 31 dB above it, the hiss was heard 23 times in 2.2 hours, 6 with it (also with a pause of 0.4 s,
 * and the property test found one 0.399 s after a stroke); on the ear bench precision in the room rose
 * up to 0.9 points and recall fell 0.14 points on average (docs/timing-coach.md). */
const FLICKER = { pauseSeconds: 0.25, bandRise: 1.4, lasting: 0.5 };
/** A hiss also bursts: for about 4 ms, past the frames FLICKER reads, its bands rise together and then fall
 * back, while a stroke's sound lingers. So more than pauseSeconds after the last stroke, a rise with no band
 * up by bandRise bits and more than belowDb under the loudest recent stroke waits `seconds` (16 ms) before
 * it is reported, and counts only if over that time its bands still rise by share times its rise (weak
 * strokes after a pause: 0.21-2 of it; bursts of hiss 0-0.14). Such a stroke is reported about 21 ms after
 * it began rather than 5, at the same sample. A clear stroke (one that need not wait) within the
 * refractory time of a waiting one takes its place: the waiting one was a rise of the hiss just before it
 * (a draw of the property test: heard 15 ms early). Over -45 dBFS of hiss after soft strokes, 6,000
 * trains: 6 heard with a false stroke without it, 1 with it; on the ear bench precision rose up to 1.1
 * points (FluidR3's pad through the laptop's microphone, its mic score from 5.4 to 3.4 points under its MIDI
 * score), recall fell 0.15 points on average; from a pause of 0.25 s, 3 of 6,000 and 0.05 points
 * (docs/timing-coach.md). Asked of every rise, it missed a tom struck over its own ring (its rise mostly
 * its click, which does not linger), hence bandRise; and a tom as loud as the strokes before it, rising
 * 1.6 bits over their ring, 7 dB under the loudest (a hiss's bursts were 17-22 dB under), hence belowDb. */
const LINGER = { pauseSeconds: 0.12, seconds: 0.016, share: 0.17, bandRise: 2, belowDb: 12 };
/** The bands above RATTLE's: 3 kHz and up. */
const HIGH_BANDS_FROM = 3;
const MEAN_SHARE = 0.5;
const HISTORY_SECONDS = 0.1;
/** Frames per room segment (its minimum is one room reading), segments kept, segments before arming. */
const SEGMENT_FRAMES = 16;
const SEGMENTS = 31;
const SEGMENTS_BEFORE_ARMING = 4;
/** The drummer's loudest recent stroke fades by this much per second (so the reference follows a take
 * that grows quieter, a few seconds later). */
const LOUDEST_FADE_DB_PER_SECOND = 6;
/** Every band's energy is at least that of -80 dBFS RMS (below any microphone's own hiss): a few
 * steps of a 16-bit converter in digital silence are not a rise. */
const SILENCE_RMS = 1e-4;
/** The attack begins at the first sample whose change reaches this share of the onset frames' largest. */
const ATTACK_SHARE = 0.2;
/** ... and at least this many times the RMS change before the stroke. */
const ATTACK_ABOVE_BEFORE = 4;

/** A second-order low- or high-pass (RBJ's cookbook, Q = 1/√2), as five coefficients. */
const biquad = (kind: 'low' | 'high', cutoff: number, sampleRate: number): Float64Array => {
  const w = (2 * Math.PI * Math.min(cutoff, 0.45 * sampleRate)) / sampleRate;
  const alpha = Math.sin(w) / Math.SQRT2;
  const a0 = 1 + alpha;
  const cos = Math.cos(w);
  const b1 = (kind === 'low' ? 1 - cos : -(1 + cos)) / a0;
  return Float64Array.of(Math.abs(b1) / 2, b1, Math.abs(b1) / 2, (-2 * cos) / a0, (1 - alpha) / a0);
};

export class OnsetDetector {
  private readonly sampleRate: number;
  private readonly refractoryFrames: number;
  private softestShare: number;
  /** Samples per detection frame (about 1.3 ms). */
  private readonly hop: number;
  /** The crossover's low-passes: coefficients (5 each) and state (x1, x2, y1, y2 each). */
  private readonly filters: (Float64Array | undefined)[];
  private readonly filterState: Float64Array;
  /** Each band's energy in the frame being filled, and in the last frames (ring by frame × BANDS). */
  private readonly bandEnergy = new Float64Array(BANDS);
  private readonly energies: Float64Array;
  private readonly ringFrames: number;
  private readonly beforeFrames: number;
  private readonly heardFrames: number;
  private readonly bandHeardFrames: number[];
  /** Frames left in which the last stroke's loudness is still being read. */
  private strokeFramesLeft = 0;
  private rising = false;
  private riseFrom = 0;
  /** A rise that lasts this long (a kick's body still swelling) no longer holds the next stroke back. */
  private readonly holdFrames: number;
  /** Frames since the last stroke after which a weak rise must last (FLICKER). */
  private readonly pauseFrames: number;
  /** LINGER's wait and pause in frames, and its belowDb as a share of the loudest stroke's energy. */
  private readonly lingerFrames: number;
  private readonly lingerPauseFrames: number;
  private readonly lingerShare = Math.pow(10, -LINGER.belowDb / 10);
  /** A stroke out of a pause waiting LINGER's frames (NaN: none): its onset, candidate frame and rise, and
   * each band's level it rose from (its mean before, or ring, plus its floor; 0 where it did not rise)
   * and floor. While it waits, the detector's state is as if it had been reported; `beforeWaiting`
   * restores it. */
  private readonly waiting = { onset: Number.NaN, candidate: 0, rise: 0 };
  private readonly waitingFrom = new Float64Array(BANDS);
  private readonly waitingFloor = new Float64Array(BANDS);
  private readonly beforeWaiting = {
    strokeFrame: Number.NEGATIVE_INFINITY,
    onset: Number.NEGATIVE_INFINITY,
    levelDb: Number.NEGATIVE_INFINITY,
  };
  /** Each band's level the candidate being judged rose from, and its floor (for LINGER). */
  private readonly risenFrom = new Float64Array(BANDS);
  private readonly floors = new Float64Array(BANDS);
  /** The rings of the strokes so far in the low bands (one per RINGS), each's fade per frame and share of
   * a frame's energy, and the frames of the last stroke's attack. */
  private readonly ring = new Float64Array(RINGS.length);
  private readonly ringDecay: Float64Array;
  private readonly ringShare: Float64Array;
  private readonly ringHeldFrames: number;
  private readonly attackFrames: number;
  private attackFrom = -1;
  private attackTo = -1;
  /** The last stroke's candidate frame, its loudest window above 3 kHz (during its attack), and the
   * frames within which a rise above 3 kHz alone may be its wires or its rattle. */
  private strokeFrame = Number.NEGATIVE_INFINITY;
  private strokeHigh = 0;
  private readonly rattleFrames: number;
  private readonly wiresFrames: number;
  private readonly rattleShare = Math.pow(10, -RATTLE.belowDb / 10);
  /** The detection function's last values (ring) and a scratch copy for their median. */
  private readonly history: Float64Array;
  private readonly historyScratch: Float64Array;
  /** The first differences of the last three frames' samples, a ring indexed by sample number. */
  private readonly changes: Float32Array;
  /** Their energy per frame (a ring like `energies`), and in the frame being filled. */
  private readonly changeEnergies: Float64Array;
  private changeEnergy = 0;
  /** Room readings per band (frame-energy minima of each segment) and a scratch copy for the median. */
  private readonly roomReadings: Float64Array;
  private readonly roomScratch: Float64Array;
  private readonly segmentMinimum = new Float64Array(BANDS).fill(Number.POSITIVE_INFINITY);
  private readonly room = new Float64Array(BANDS);
  private roomReadingsSeen = 0;
  private readonly silence: number;
  /** The loudest recent stroke (a frame energy) and its fade per frame. */
  private loudest = 0;
  private readonly loudestFade: number;

  private previous = 0;
  private beforePrevious = 0;
  private inFrame = 0;
  /** Frames completed since the stream began. */
  private frames = 0;
  /** Samples seen since the stream began, and the stream frame of the first one. */
  private samples = 0;
  private origin = Number.NaN;
  private lastOnset = Number.NEGATIVE_INFINITY;
  /** The loudness of the last stroke reported, as the sensitivity judges it (dB of its attack's first
   * window over the bands; only differences mean anything): the card sets the sensitivity from it. */
  lastStrokeLevelDb = Number.NEGATIVE_INFINITY;
  /** The loudest stroke since the stream began or `forgetLoudest` (its whole attack, not fading). */
  private peak = 0;

  constructor(options: OnsetDetectorOptions) {
    this.sampleRate = options.sampleRate;
    this.softestShare = 0;
    this.setSensitivity(options.sensitivity ?? 0.5);
    this.refractoryFrames = Math.round(((options.refractoryMs ?? 30) / 1000) * options.sampleRate);
    this.hop = Math.max(16, Math.round(options.sampleRate / 750));
    const framesIn = (seconds: number) => Math.ceil((seconds * options.sampleRate) / this.hop);
    this.beforeFrames = framesIn(BEFORE_SECONDS);
    this.bandHeardFrames = HEARD_SECONDS.map(framesIn);
    this.attackFrames = framesIn(ATTACK_SECONDS);
    this.holdFrames = framesIn(0.04);
    this.pauseFrames = framesIn(FLICKER.pauseSeconds);
    this.lingerFrames = framesIn(LINGER.seconds);
    this.lingerPauseFrames = framesIn(LINGER.pauseSeconds);
    this.rattleFrames = framesIn(RATTLE.seconds);
    this.wiresFrames = framesIn(WIRES_SECONDS);
    this.ringHeldFrames = framesIn(RING_HELD_SECONDS);
    this.ringDecay = Float64Array.from(RINGS, ({ seconds }) =>
      Math.exp(-this.hop / (seconds * options.sampleRate)),
    );
    this.ringShare = Float64Array.from(RINGS, ({ belowDb }) => Math.pow(10, -belowDb / 10));
    this.heardFrames = Math.max(...this.bandHeardFrames);
    // The frames before a candidate's window, or those a waiting stroke lingers over.
    this.ringFrames = Math.max(
      this.beforeFrames + this.heardFrames + 3,
      this.heardFrames + this.lingerFrames + 2,
    );
    this.energies = new Float64Array(this.ringFrames * BANDS);
    this.history = new Float64Array(framesIn(HISTORY_SECONDS));
    this.historyScratch = new Float64Array(this.history.length);
    // Band k: a high-pass at its lower edge (none for the lowest), then a low-pass at its upper edge
    // (none for the highest).
    this.filters = Array.from({ length: BANDS }, (_, band) => [
      band > 0 ? biquad('high', CROSSOVERS_HZ[band - 1]!, options.sampleRate) : undefined,
      band < BANDS - 1 ? biquad('low', CROSSOVERS_HZ[band]!, options.sampleRate) : undefined,
    ]).flat();
    this.filterState = new Float64Array(4 * this.filters.length);
    this.changes = new Float32Array((this.heardFrames + 1) * this.hop);
    this.changeEnergies = new Float64Array(this.ringFrames);
    this.roomReadings = new Float64Array(SEGMENTS * BANDS);
    this.roomScratch = new Float64Array(SEGMENTS);
    this.silence = SILENCE_RMS * SILENCE_RMS * this.hop;
    this.loudestFade = Math.pow(10, (-LOUDEST_FADE_DB_PER_SECOND / 10) * (this.hop / options.sampleRate));
  }

  setSensitivity(sensitivity: number): void {
    this.softestShare = Math.pow(10, -softestStrokeDb(sensitivity) / 10);
  }

  /** The loudest stroke since `forgetLoudest` (dB, as the sensitivity's reference reads it: its attack
   * whole), against which `lastStrokeLevelDb` tells how soft a stroke was. */
  get loudestStrokeDb(): number {
    return 10 * Math.log10(this.peak);
  }

  /** Strokes played from now on set `loudestStrokeDb` afresh. */
  forgetLoudest(): void {
    this.peak = 0;
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
    const state = this.filterState;
    const filters = this.filters;
    const energy = this.bandEnergy;
    for (let index = 0; index < block.length; index++) {
      const sample = block[index] ?? 0;
      const change = sample - 2 * this.previous + this.beforePrevious;
      this.beforePrevious = this.previous;
      this.previous = sample;
      changes[this.samples % changes.length] = change;
      this.changeEnergy += change * change;
      this.samples++;
      // Each band through its own high-pass and low-pass: no band carries another's waveform (a band
      // made by subtraction would, and 50 Hz hum would flicker in every frame of the top bands).
      for (let band = 0; band < BANDS; band++) {
        let value = sample;
        for (let stage = 2 * band; stage < 2 * band + 2; stage++) {
          const c = filters[stage];
          if (!c) continue;
          const s = 4 * stage;
          const x1 = state[s]!;
          const x2 = state[s + 1]!;
          const y1 = state[s + 2]!;
          const y2 = state[s + 3]!;
          const y = c[0]! * value + c[1]! * x1 + c[2]! * x2 - c[3]! * y1 - c[4]! * y2;
          state[s] = value;
          state[s + 1] = x1;
          state[s + 2] = y;
          state[s + 3] = y1;
          value = y;
        }
        energy[band] = energy[band]! + value * value;
      }
      if (++this.inFrame < hop) continue;
      onsets = this.endFrame(onsets);
    }
    return onsets ?? NO_ONSETS;
  }

  /** Frames to seconds at this detector's sample rate. */
  secondsAt(frame: number): number {
    return frame / this.sampleRate;
  }

  /** Closes a frame, learns the room from it, and judges the frame before it (now that its successor
   * is known): `onsets` with the stream frame of each stroke's first sample heard now added (a waiting
   * stroke that lingered, the judged frame's own). */
  private endFrame(onsets: number[] | undefined): number[] | undefined {
    this.changeEnergies[this.frames % this.ringFrames] = this.changeEnergy;
    this.changeEnergy = 0;
    const row = (this.frames % this.ringFrames) * BANDS;
    for (let band = 0; band < BANDS; band++) {
      const energy = this.bandEnergy[band]! + this.silence;
      this.energies[row + band] = energy;
      if (energy < this.segmentMinimum[band]!) this.segmentMinimum[band] = energy;
      this.bandEnergy[band] = 0;
    }
    this.inFrame = 0;
    this.frames++;
    if (this.frames % SEGMENT_FRAMES === 0) this.learnRoom();
    this.loudest *= this.loudestFade;
    // A waiting stroke is settled first: if it was not one, the candidate is judged as if it had never been.
    const candidate = this.frames - this.heardFrames;
    const lingered =
      !Number.isNaN(this.waiting.onset) && candidate >= this.waiting.candidate + this.lingerFrames
        ? this.lingered()
        : undefined;
    const heard = this.judge(candidate);
    if (lingered !== undefined) (onsets ??= []).push(lingered);
    if (heard !== undefined) (onsets ??= []).push(heard);
    return onsets;
  }

  /** The waiting stroke's onset if its bands still rise by LINGER.share of its rise over the frames after
   * their windows; if not, undefined (forgotten). */
  private lingered(): number | undefined {
    let lasting = 0;
    for (let band = 0; band < BANDS; band++) {
      const from = this.waitingFrom[band]!;
      if (from === 0) continue;
      const first = this.waiting.candidate + this.bandHeardFrames[band]!;
      let after = 0;
      for (let frame = first; frame < first + this.lingerFrames; frame++) after += this.energyOf(frame, band);
      after = after / this.lingerFrames + this.waitingFloor[band]!;
      if (after > from) lasting += BAND_WEIGHTS[band]! * Math.log2(after / from);
    }
    const onset = this.waiting.onset;
    if (lasting >= LINGER.share * this.waiting.rise) {
      this.waiting.onset = Number.NaN;
      return onset;
    }
    this.forgetWaiting();
    return undefined;
  }

  /** The waiting stroke was none: the detector as if it had never been heard. */
  private forgetWaiting(): void {
    this.waiting.onset = Number.NaN;
    this.strokeFrame = this.beforeWaiting.strokeFrame;
    this.lastOnset = this.beforeWaiting.onset;
    this.lastStrokeLevelDb = this.beforeWaiting.levelDb;
  }

  /** The detection function at `candidate` (the mean of its window of HEARD_SECONDS against the mean
   * of the BEFORE_SECONDS before it), pushed into the history; a stroke's first sample if it is one
   * (undefined for one that must linger first). */
  private judge(candidate: number): number | undefined {
    if (candidate < this.beforeFrames + 1) return undefined;
    let rise = 0;
    let heardEnergy = 0;
    /** The rise below 200 Hz, from 200 Hz to 3 kHz and above, and the energy above 3 kHz (for RATTLE). */
    let bottomRise = 0;
    let middleRise = 0;
    let highRise = 0;
    let heardHigh = 0;
    /** For FLICKER and LINGER, the largest band's rise (unweighted); for FLICKER, the short windows' rise
     * and after them. */
    let mostRise = 0;
    let shortRise = 0;
    let lastingRise = 0;
    for (let band = 0; band < BANDS; band++) {
      const frames = this.bandHeardFrames[band]!;
      let heard = 0;
      for (let frame = candidate; frame < candidate + frames; frame++) heard += this.energyOf(frame, band);
      heard /= frames;
      let before = 0;
      for (let frame = candidate - this.beforeFrames - 1; frame <= candidate - 2; frame++)
        before += this.energyOf(frame, band);
      before /= this.beforeFrames;
      // Low modes that beat rise slowly out of a null: the ring of the strokes before holds them.
      for (let ring = 0; ring < RINGS.length; ring++)
        if (RINGS[ring]!.band === band) before = Math.max(before, this.ring[ring]!);
      const floor = ABOVE_ROOM[band]! * this.room[band]!;
      const bandRise =
        heard > before ? BAND_WEIGHTS[band]! * Math.log2((heard + floor) / (before + floor)) : 0;
      rise += bandRise;
      this.risenFrom[band] = bandRise > 0 ? before + floor : 0;
      this.floors[band] = floor;
      mostRise = Math.max(mostRise, bandRise / BAND_WEIGHTS[band]!);
      if (frames < this.heardFrames && bandRise > 0) {
        let after = 0;
        for (let frame = candidate + frames; frame < candidate + this.heardFrames; frame++)
          after += this.energyOf(frame, band);
        after /= this.heardFrames - frames;
        shortRise += bandRise;
        if (after > before)
          lastingRise += BAND_WEIGHTS[band]! * Math.log2((after + floor) / (before + floor));
      }
      if (band === 0) bottomRise = bandRise;
      else if (band < HIGH_BANDS_FROM) middleRise += bandRise;
      else {
        highRise += bandRise;
        heardHigh += heard;
      }
      heardEnergy += heard;
    }
    if (this.strokeFramesLeft > 0) {
      this.strokeFramesLeft--;
      this.loudest = Math.max(this.loudest, heardEnergy);
      this.peak = Math.max(this.peak, heardEnergy);
      this.strokeHigh = Math.max(this.strokeHigh, heardHigh);
    }
    // The ring follows the frames up to the candidate's predecessor, the strokes' attacks left out.
    const settled = candidate - 1;
    const inAttack = settled >= this.attackFrom && settled <= this.attackTo;
    const held = settled > this.attackTo && settled - this.attackTo <= this.ringHeldFrames;
    for (let ring = 0; ring < RINGS.length; ring++)
      this.ring[ring] = Math.max(
        this.ring[ring]! * (held ? 1 : this.ringDecay[ring]!),
        inAttack ? 0 : this.ringShare[ring]! * this.energyOf(settled, RINGS[ring]!.band),
      );
    const threshold = this.threshold();
    this.history[candidate % this.history.length] = rise;
    if (rise <= threshold) {
      this.rising = false;
      return undefined;
    }
    // One stroke per rise: once the function is over the threshold (a stroke, or one too soon after
    // the last), nothing more until it falls back under it.
    if (this.rising && candidate - this.riseFrom < this.holdFrames) return undefined;
    if (this.roomReadingsSeen < SEGMENTS_BEFORE_ARMING) return undefined;
    if (heardEnergy < this.softestShare * this.loudest) return undefined;
    if (
      candidate - this.strokeFrame > this.pauseFrames &&
      mostRise < FLICKER.bandRise &&
      2 * shortRise > rise &&
      lastingRise < FLICKER.lasting * shortRise
    )
      return undefined;
    // A rise above 3 kHz alone, soon after a stroke, may be that stroke's own sound: its wires or its rattle.
    if (middleRise < RATTLE.middleRise && bottomRise < RATTLE.bottomRise) {
      const sinceStroke = candidate - this.strokeFrame;
      if (sinceStroke < this.wiresFrames && heardHigh > this.strokeHigh) {
        // The rest of this rise is the wires too: one stroke (or none) per rise.
        if (!this.rising) this.riseFrom = candidate;
        this.rising = true;
        return undefined;
      }
      if (
        sinceStroke < this.rattleFrames &&
        highRise < RATTLE.highRise &&
        heardHigh < this.rattleShare * this.strokeHigh
      )
        return undefined;
    }
    if (!this.rising) this.riseFrom = candidate;
    this.rising = true;
    let changeBefore = 0;
    for (let frame = candidate - this.beforeFrames - 1; frame <= candidate - 2; frame++)
      changeBefore = Math.max(changeBefore, this.changeEnergies[frame % this.ringFrames]!);
    const onset = this.attackStart(changeBefore);
    const weak = mostRise < LINGER.bandRise && heardEnergy < this.lingerShare * this.loudest;
    if (onset - this.lastOnset < this.refractoryFrames) {
      if (Number.isNaN(this.waiting.onset) || weak) return undefined;
      this.forgetWaiting();
    }
    const waits = candidate - this.strokeFrame > this.lingerPauseFrames && weak;
    if (waits) {
      this.waiting.onset = onset;
      this.waiting.candidate = candidate;
      this.waiting.rise = rise;
      this.waitingFrom.set(this.risenFrom);
      this.waitingFloor.set(this.floors);
      this.beforeWaiting.strokeFrame = this.strokeFrame;
      this.beforeWaiting.onset = this.lastOnset;
      this.beforeWaiting.levelDb = this.lastStrokeLevelDb;
    }
    this.lastOnset = onset;
    this.lastStrokeLevelDb = 10 * Math.log10(heardEnergy);
    this.loudest = Math.max(this.loudest, heardEnergy);
    this.peak = Math.max(this.peak, heardEnergy);
    this.strokeFramesLeft = this.heardFrames;
    this.strokeFrame = candidate;
    this.strokeHigh = heardHigh;
    this.attackFrom = candidate - 1;
    this.attackTo = candidate + this.attackFrames;
    return waits ? undefined : onset;
  }

  /** RISE above the median of the detection function's recent history, plus a share of its mean. */
  private threshold(): number {
    const count = Math.min(this.history.length, this.frames);
    const sorted = this.historyScratch;
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const value = this.history[i]!;
      sum += value;
      let j = i;
      for (; j > 0 && sorted[j - 1]! > value; j--) sorted[j] = sorted[j - 1]!;
      sorted[j] = value;
    }
    return RISE + (count > 0 ? sorted[count >> 1]! + (MEAN_SHARE * sum) / count : 0);
  }

  /** A band's energy in a recent frame (0 before the stream began). */
  private energyOf(frame: number, band: number): number {
    return frame < 0 ? 0 : this.energies[(frame % this.ringFrames) * BANDS + band]!;
  }

  /** The first sample of the attack among the frame before the candidate's window and that window. */
  private attackStart(changeBefore: number): number {
    const hop = this.hop;
    const changes = this.changes;
    const first = this.samples - (this.heardFrames + 1) * hop;
    let largest = 0;
    for (let sample = first + hop; sample < this.samples; sample++)
      largest = Math.max(largest, Math.abs(changes[sample % changes.length] ?? 0));
    const level = Math.max(ATTACK_SHARE * largest, ATTACK_ABOVE_BEFORE * Math.sqrt(changeBefore / hop));
    let sample = first;
    while (sample < this.samples && Math.abs(changes[sample % changes.length] ?? 0) < level) sample++;
    return this.origin + (sample < this.samples ? sample : first + hop);
  }

  /** Each band's room level: the median of the last segments' quietest frames, strokes or not. */
  private learnRoom(): void {
    const slot = this.roomReadingsSeen % SEGMENTS;
    this.roomReadingsSeen++;
    const count = Math.min(this.roomReadingsSeen, SEGMENTS);
    const sorted = this.roomScratch;
    for (let band = 0; band < BANDS; band++) {
      this.roomReadings[slot * BANDS + band] = this.segmentMinimum[band]!;
      this.segmentMinimum[band] = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        const reading = this.roomReadings[i * BANDS + band]!;
        let j = i;
        for (; j > 0 && sorted[j - 1]! > reading; j--) sorted[j] = sorted[j - 1]!;
        sorted[j] = reading;
      }
      this.room[band] = sorted[count >> 1]!;
    }
  }
}

const NO_ONSETS: readonly number[] = Object.freeze([]);
