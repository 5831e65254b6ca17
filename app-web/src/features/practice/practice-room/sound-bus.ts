/*
 * The practice room's mixer on the audio graph: the kit, the click and the drummer's own playing (their
 * recorded takes played back) each through a gain of their own, all into the master volume, then a limiter that no sound gets past above -1 dBFS.
 *
 * The limiter is a WaveShaper (a soft-knee curve: untouched up to -6 dBFS, then bent towards -1.1 dBFS,
 * never above it), not a DynamicsCompressorNode: Chromium's compressor delays what passes it by its
 * 6 ms look-ahead, and the room must sound each stroke on the audio clock's time. The levels below
 * keep ordinary lessons under the knee, so the curve only touches the loudest moments.
 */

/** The highest sample value the room ever sends out: -1.1 dBFS, under the -1 dBFS a lesson may peak at. */
export const LIMIT = 10 ** (-1.1 / 20);
/** Where the limiter's knee starts: -6 dBFS. */
export const KNEE = 0.5;
/** The shaper's curve covers inputs up to this (+12 dBFS); louder inputs are held at LIMIT. */
const RANGE = 4;
const CURVE_POINTS = 8193;

/** The limiter's transfer function: identity below the knee, a tanh bend from it up to LIMIT. */
export const limited = (input: number): number => {
  const size = Math.abs(input);
  if (size <= KNEE) return input;
  return Math.sign(input) * (KNEE + (LIMIT - KNEE) * Math.tanh((size - KNEE) / (LIMIT - KNEE)));
};

const limiterCurve = (): Float32Array<ArrayBuffer> => {
  const curve = new Float32Array(CURVE_POINTS);
  for (let index = 0; index < CURVE_POINTS; index++)
    curve[index] = limited(((index / (CURVE_POINTS - 1)) * 2 - 1) * RANGE);
  return curve;
};

/**
 * Headroom: the kit's and the click's sliders at their fullest play at these gains, so that beat 1 of a
 * groove (kick, hi-hat and the accented click together) stays under the limiter's knee at the default
 * volume, and the click is heard over the kit without covering it.
 */
export const KIT_GAIN = 1;
export const CLICK_GAIN = 0.7;
/** The drummer's own playing: a take is played back as the microphone recorded it. */
export const OWN_GAIN = 1;
/** The synthesised kit's voices peak higher than the samples (normalised to -1 dBFS): a trim evens them. */
const SYNTHESISED_TRIM = 0.5;

export interface SoundBus {
  /** Where the sampled drums play into (the kit's level). */
  kit: GainNode;
  /** Where the synthesised drums play into (trimmed, then the kit's level). */
  synthesisedKit: GainNode;
  /** Where the clicks play into. */
  click: GainNode;
  /** Where the drummer's own playing (a recorded take) plays into. */
  own: GainNode;
  /** The master volume. */
  master: GainNode;
}

export interface BusLevels {
  /** 0-1: the master volume. */
  volume: number;
  /** 0-1: the kit's level. */
  kit: number;
  /** 0-1: the click's level. */
  click: number;
  /** 0-1: the level of the drummer's own playing. */
  own: number;
}

export const createSoundBus = (context: BaseAudioContext, levels: BusLevels): SoundBus => {
  const kit = context.createGain();
  const synthesisedKit = context.createGain();
  synthesisedKit.gain.value = SYNTHESISED_TRIM;
  const click = context.createGain();
  const own = context.createGain();
  const master = context.createGain();
  // The shaper reads its input on [-1, 1]: scaled down by RANGE here, the curve scales back up.
  const intoCurve = context.createGain();
  intoCurve.gain.value = 1 / RANGE;
  const limiter = context.createWaveShaper();
  limiter.curve = limiterCurve();
  limiter.oversample = 'none';
  synthesisedKit.connect(kit);
  kit.connect(master);
  click.connect(master);
  own.connect(master);
  master.connect(intoCurve).connect(limiter).connect(context.destination);
  const bus = { kit, synthesisedKit, click, own, master };
  setLevels(bus, levels, null);
  return bus;
};

/** Sets the bus's levels: at once, or (with the context's time) over 10 ms so a slider never clicks. */
export const setLevels = (bus: SoundBus, levels: BusLevels, now: number | null): void => {
  const set = (node: GainNode, value: number) => {
    if (now === null) node.gain.value = value;
    else node.gain.setTargetAtTime(value, now, 0.01);
  };
  set(bus.master, levels.volume);
  set(bus.kit, levels.kit * KIT_GAIN);
  set(bus.click, levels.click * CLICK_GAIN);
  set(bus.own, levels.own * OWN_GAIN);
};
