import type { Voice } from '@stickwork/domain';
import manifest from './acoustic-kit/acoustic-kit.json';
import { createHiHatChoke } from './hi-hat-choke';

/*
 * The sampled acoustic kit (acoustic-kit/, made by scripts/drum-kit/make-kit.mjs): one decoded buffer
 * holding every hit, which sample each stroke plays (by velocity layer, with round robins), and the
 * hi-hat's choke. The way smplr's drum machine and sampler do it: one-shot AudioBufferSourceNodes
 * started on the audio clock, a sample chosen from the note and its velocity, voices that stop others.
 */

export type SampleName = keyof typeof manifest.regions;

interface Region {
  /** Where the hit's attack is in the decoded buffer, in seconds. */
  start: number;
  duration: number;
}

/** The decoded kit. */
export interface SampleKit {
  buffer: AudioBuffer;
  regions: Record<SampleName, Region>;
}

/** The sample a stroke plays, its gain (0-1, before the kit's level) and its playback rate. */
export interface SampleChoice {
  sample: SampleName;
  gain: number;
  rate: number;
}

/** Velocity layers: a stroke at or above `hard` plays the hard sample, at or above `medium` the medium one. */
export const VELOCITY_LAYERS = { hard: 0.85, medium: 0.45 } as const;

const layered = (hard: SampleName, medium: SampleName, soft: SampleName) => (velocity: number) =>
  velocity >= VELOCITY_LAYERS.hard ? hard : velocity >= VELOCITY_LAYERS.medium ? medium : soft;

const kick = layered('kick-hard', 'kick-medium', 'kick-soft');
const snare = layered('snare-hard', 'snare-medium', 'snare-ghost');
const closedHiHat = layered('hi-hat-closed-hard', 'hi-hat-closed-medium', 'hi-hat-closed-soft');

/**
 * Each voice's level in dB against the kit's loudest (every hit is normalised to the same peak): the
 * balance of a kit as a drummer hears it from the stool, with cymbals and hi-hat under the drums.
 */
const VOICE_LEVEL_DB: Record<Exclude<Voice, 'pad'>, number> = {
  bass_drum: 0,
  snare: -1,
  rim_click: -6,
  hi_hat: -5,
  hi_hat_open: -7,
  hi_hat_foot: -7,
  ride: -5,
  ride_bell: -6,
  crash: -4,
  china: -7,
  cowbell: -10,
  high_tom: -2,
  mid_tom: -2,
  floor_tom: -2,
};

/**
 * Round robins: repeated strokes on the same layer alternate between three slightly different takes of
 * the sample (a few cents of pitch, a fraction of a dB), so a run of 16ths does not sound like a
 * machine gun.
 */
export const ROUND_ROBIN = [
  { rate: 1, gain: 1 },
  { rate: 2 ** (-14 / 1200), gain: 0.94 },
  { rate: 2 ** (9 / 1200), gain: 0.97 },
] as const;

/** The voices that share the hi-hat: an open one rings until the next closed or foot stroke chokes it. */
export const HI_HAT_VOICES: ReadonlySet<Voice> = new Set(['hi_hat', 'hi_hat_open', 'hi_hat_foot']);

const sampleOf = (voice: Exclude<Voice, 'pad'>, velocity: number, rimShots: boolean): SampleName => {
  switch (voice) {
    case 'bass_drum':
      return kick(velocity);
    case 'snare':
      // In a groove an accented snare is a rim shot (the backbeat's crack); in a rudiment, a hard stroke.
      return rimShots && velocity >= 1 ? 'snare-rim-shot' : snare(velocity);
    case 'rim_click':
      return 'cross-stick';
    case 'hi_hat':
      return closedHiHat(velocity);
    case 'hi_hat_open':
      return 'hi-hat-open';
    case 'hi_hat_foot':
      return 'hi-hat-foot';
    case 'ride':
      return 'ride';
    case 'ride_bell':
      return 'ride-bell';
    case 'crash':
      return 'crash';
    case 'china':
      return 'china';
    case 'cowbell':
      return 'cowbell';
    case 'high_tom':
      return 'tom-high';
    case 'mid_tom':
      return 'tom-mid';
    case 'floor_tom':
      return 'tom-floor';
    default: {
      const never: never = voice;
      return never;
    }
  }
};

/**
 * What a stroke of `voice` at `velocity` (0-1) plays: its layer's sample at the voice's level, loudness
 * following velocity squared (as the synthesised kit and the ear do), the `stroke`-th round robin. The
 * practice pad has no sample (null: the synthesised pad plays). `rimShots`: the pattern is a groove.
 */
export const chooseSample = (
  voice: Voice,
  velocity: number,
  stroke: number,
  rimShots: boolean,
): SampleChoice | null => {
  if (voice === 'pad') return null;
  const robin = ROUND_ROBIN[stroke % ROUND_ROBIN.length]!;
  return {
    sample: sampleOf(voice, velocity, rimShots),
    gain: 10 ** (VOICE_LEVEL_DB[voice] / 20) * velocity * velocity * robin.gain,
    rate: robin.rate,
  };
};

/** A groove (a pattern with the bass drum) plays its accented snare strokes as rim shots. */
export const playsRimShots = (notes: readonly { voice: Voice }[]): boolean =>
  notes.some((note) => note.voice === 'bass_drum');

/** Where a hit's attack is: the first sample at a tenth of its peak (as make-kit.mjs trimmed it). */
export const attackIndex = (samples: Float32Array, from: number, to: number): number => {
  let peak = 0;
  for (let index = from; index < to; index++) peak = Math.max(peak, Math.abs(samples[index]!));
  for (let index = from; index < to; index++) if (Math.abs(samples[index]!) >= peak / 10) return index;
  return from;
};

/** How far from its place in the file a hit's attack is looked for: more than any MP3 decoder's delay. */
const SEARCH_SECONDS = 0.06;
const ATTACK_SECONDS = 0.05;

/**
 * The kit's regions in a decoded buffer. Browsers differ in whether they strip MP3's encoder delay, so
 * each hit's attack is found in the decoded audio, not taken from the file's places as they are.
 */
export const sampleKitOf = (buffer: AudioBuffer): SampleKit => {
  const samples = buffer.getChannelData(0);
  const rate = buffer.sampleRate;
  const regions = {} as Record<SampleName, Region>;
  for (const [name, region] of Object.entries(manifest.regions) as [SampleName, Region][]) {
    const from = Math.max(0, Math.floor((region.start - SEARCH_SECONDS) * rate));
    // The attack's peak comes within its first 50 ms: the rest of the hit need not be read (on the main thread).
    const to = Math.min(
      samples.length,
      Math.ceil((region.start + Math.min(region.duration, ATTACK_SECONDS) + SEARCH_SECONDS) * rate),
    );
    regions[name] = { start: attackIndex(samples, from, to) / rate, duration: region.duration };
  }
  return { buffer, regions };
};

/** Where the sampled kit plays into and how its sources are tracked (the engine stops them early). */
export interface SamplePlayerTarget {
  context: BaseAudioContext;
  output: AudioNode;
  track: (source: AudioScheduledSourceNode, stopAt: number) => void;
}

/**
 * Plays strokes on the sampled kit: the round robin counts per sample, and an open hi-hat is remembered
 * until the next closed or foot stroke chokes it. `play` returns false for a voice without a sample.
 */
export const createSamplePlayer = (kit: SampleKit, target: SamplePlayerTarget) => {
  const strokes = new Map<SampleName, number>();
  const choke = createHiHatChoke();
  return {
    play(voice: Voice, time: number, velocity: number, rimShots: boolean): boolean {
      const sample = chooseSample(voice, velocity, 0, rimShots)?.sample;
      if (!sample) return false;
      const stroke = strokes.get(sample) ?? 0;
      strokes.set(sample, stroke + 1);
      const choice = chooseSample(voice, velocity, stroke, rimShots)!;
      const { context } = target;
      const region = kit.regions[choice.sample];
      choke.struck(voice, time);
      const source = context.createBufferSource();
      source.buffer = kit.buffer;
      source.playbackRate.value = choice.rate;
      const gain = context.createGain();
      gain.gain.value = choice.gain;
      source.connect(gain).connect(target.output);
      source.start(time, region.start, region.duration);
      const end = time + region.duration / choice.rate;
      target.track(source, end + 0.01);
      if (voice === 'hi_hat_open') choke.opened(gain, choice.gain, time, end);
      return true;
    },
  };
};

export type SamplePlayer = ReturnType<typeof createSamplePlayer>;
