import type { ClickSound, Voice } from '@stickwork/domain';
import type { HiHatChoke } from './hi-hat-choke';

/**
 * The practice room's drum kit and clicks, synthesised with Web Audio (no samples, nothing fetched):
 * drums are oscillators with a falling pitch (kick, toms), filtered white noise (hi-hats, cymbals,
 * snare wires, rim and pad) or a mix, each with a short gain envelope; the clicks are single sine
 * blips at three pitches. Every source goes through `track` so the engine can stop it early. An open
 * hi-hat is choked by the next closed or foot stroke, as on the sampled kit.
 */
export interface Kit {
  context: BaseAudioContext;
  /** Where the drums play into (the mixer's kit level). */
  output: AudioNode;
  /** Where the clicks play into (the mixer's click level). */
  clicks: AudioNode;
  /** One second of white noise, made once per context. */
  noise: AudioBuffer;
  /** The open hi-hat still ringing, for the next closed or foot stroke to choke. */
  hiHat: HiHatChoke;
  track: (source: AudioScheduledSourceNode, stopAt: number) => void;
}

export const whiteNoise = (context: BaseAudioContext): AudioBuffer => {
  const buffer = context.createBuffer(1, context.sampleRate, context.sampleRate);
  const samples = buffer.getChannelData(0);
  // A fixed linear-congruential sequence: the same noise every time, no Math.random needed.
  let seed = 22_695_477;
  for (let index = 0; index < samples.length; index++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    samples[index] = seed / 0x3fffffff - 1;
  }
  return buffer;
};

/** A gain into `output` that jumps to `peak` at `time` and decays exponentially over `decay` seconds. */
const envelope = (kit: Kit, output: AudioNode, time: number, peak: number, decay: number): GainNode => {
  const gain = kit.context.createGain();
  gain.gain.setValueAtTime(Math.max(peak, 0.0001), time);
  gain.gain.exponentialRampToValueAtTime(0.0001, time + decay);
  gain.connect(output);
  return gain;
};

interface ToneShape {
  type?: OscillatorType;
  from: number;
  to?: number;
  sweep?: number;
  decay: number;
  peak: number;
}

const tone = (kit: Kit, time: number, shape: ToneShape, output: AudioNode = kit.output) => {
  const oscillator = kit.context.createOscillator();
  oscillator.type = shape.type ?? 'sine';
  oscillator.frequency.setValueAtTime(shape.from, time);
  if (shape.to !== undefined)
    oscillator.frequency.exponentialRampToValueAtTime(shape.to, time + (shape.sweep ?? shape.decay));
  oscillator.connect(envelope(kit, output, time, shape.peak, shape.decay));
  oscillator.start(time);
  kit.track(oscillator, time + shape.decay + 0.02);
};

interface NoiseShape {
  filter: BiquadFilterType;
  frequency: number;
  q?: number;
  decay: number;
  peak: number;
}

const noise = (kit: Kit, time: number, shape: NoiseShape, output: AudioNode = kit.output) => {
  const source = kit.context.createBufferSource();
  source.buffer = kit.noise;
  const filter = kit.context.createBiquadFilter();
  filter.type = shape.filter;
  filter.frequency.value = shape.frequency;
  filter.Q.value = shape.q ?? 1;
  source.connect(filter).connect(envelope(kit, output, time, shape.peak, shape.decay));
  // Start somewhere in the second of noise so repeated hits do not sound identical.
  source.start(time, (time * 7.3) % 0.5);
  kit.track(source, time + shape.decay + 0.02);
};

/** One drum stroke at `time` with `velocity` 0-1 (loudness follows velocity squared, as the ear hears it). */
export const playDrum = (kit: Kit, voice: Voice, time: number, velocity: number): void => {
  const v = velocity * velocity;
  kit.hiHat.struck(voice, time);
  switch (voice) {
    case 'bass_drum':
      return tone(kit, time, { from: 150, to: 45, sweep: 0.12, decay: 0.45, peak: 1.1 * v });
    case 'snare':
      tone(kit, time, { type: 'triangle', from: 220, to: 170, decay: 0.1, peak: 0.45 * v });
      return noise(kit, time, { filter: 'highpass', frequency: 1200, decay: 0.2, peak: 0.7 * v });
    case 'rim_click':
      tone(kit, time, { type: 'triangle', from: 1700, decay: 0.03, peak: 0.4 * v });
      return noise(kit, time, { filter: 'bandpass', frequency: 2500, q: 3, decay: 0.03, peak: 0.6 * v });
    case 'pad':
      // The pad is a pad exercise's only sound: about as loud as the beat's click.
      return noise(kit, time, { filter: 'bandpass', frequency: 1400, q: 1.5, decay: 0.06, peak: 4 * v });
    case 'hi_hat':
      return noise(kit, time, { filter: 'highpass', frequency: 7000, decay: 0.05, peak: 0.5 * v });
    case 'hi_hat_foot':
      return noise(kit, time, { filter: 'highpass', frequency: 6000, decay: 0.04, peak: 0.3 * v });
    case 'hi_hat_open': {
      // Through a gain of its own that the next closed stroke ramps down (the envelope keeps its decay).
      const choke = kit.context.createGain();
      choke.connect(kit.output);
      const decay = 0.4;
      kit.hiHat.opened(choke, 1, time, time + decay);
      return noise(kit, time, { filter: 'highpass', frequency: 6500, decay, peak: 0.45 * v }, choke);
    }
    case 'ride':
      tone(kit, time, { type: 'square', from: 3100, decay: 0.25, peak: 0.04 * v });
      return noise(kit, time, { filter: 'bandpass', frequency: 5500, q: 0.8, decay: 0.7, peak: 0.35 * v });
    case 'ride_bell':
      tone(kit, time, { from: 820, decay: 0.7, peak: 0.3 * v });
      return tone(kit, time, { from: 1230, decay: 0.5, peak: 0.2 * v });
    case 'crash':
      return noise(kit, time, { filter: 'highpass', frequency: 3500, decay: 1.4, peak: 0.6 * v });
    case 'china':
      // Approximation: a darker, shorter band of noise with a harsh square partial.
      tone(kit, time, { type: 'square', from: 470, decay: 0.4, peak: 0.06 * v });
      return noise(kit, time, { filter: 'bandpass', frequency: 2800, q: 1.2, decay: 0.9, peak: 0.7 * v });
    case 'cowbell':
      // Approximation: the classic two detuned square waves.
      tone(kit, time, { type: 'square', from: 560, decay: 0.3, peak: 0.12 * v });
      return tone(kit, time, { type: 'square', from: 845, decay: 0.3, peak: 0.12 * v });
    case 'high_tom':
      return tone(kit, time, { from: 230, to: 180, decay: 0.35, peak: 0.8 * v });
    case 'mid_tom':
      return tone(kit, time, { from: 170, to: 130, decay: 0.4, peak: 0.85 * v });
    case 'floor_tom':
      return tone(kit, time, { from: 115, to: 85, decay: 0.5, peak: 0.9 * v });
    default: {
      const never: never = voice;
      return never;
    }
  }
};

const CLICKS: Record<ClickSound, ToneShape> = {
  accent: { type: 'sine', from: 1760, decay: 0.045, peak: 0.9 },
  beat: { type: 'sine', from: 1175, decay: 0.04, peak: 0.7 },
  subdivision: { type: 'sine', from: 784, decay: 0.03, peak: 0.35 },
};

/** One metronome click: one source, so a recording of `start(when)` counts clicks one for one. */
export const playClick = (kit: Kit, click: ClickSound, time: number): void =>
  tone(kit, time, CLICKS[click], kit.clicks);
