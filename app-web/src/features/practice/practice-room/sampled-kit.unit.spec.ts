import { NOTE_VELOCITY, VOICES } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import manifest from './acoustic-kit/acoustic-kit.json';
import { createFakeAudioContext } from './fake-audio-context';
import { CHOKE_SECONDS } from './hi-hat-choke';
import { drumSourceOf } from './kit-sound';
import {
  attackIndex,
  chooseSample,
  createSamplePlayer,
  ROUND_ROBIN,
  sampleKitOf,
  type SampleKit,
} from './sampled-kit';
import { KNEE, LIMIT, limited } from './sound-bus';

const { accent, normal, ghost, grace } = NOTE_VELOCITY;

describe('which sample a stroke plays', () => {
  it('accents, normal strokes and ghost notes play different velocity layers of kick, snare and hi-hat', () => {
    const layers = (voice: 'bass_drum' | 'snare' | 'hi_hat') =>
      [accent, normal, ghost].map((velocity) => chooseSample(voice, velocity, 0, false)!.sample);
    expect(layers('bass_drum')).toEqual(['kick-hard', 'kick-medium', 'kick-soft']);
    expect(layers('snare')).toEqual(['snare-hard', 'snare-medium', 'snare-ghost']);
    expect(layers('hi_hat')).toEqual(['hi-hat-closed-hard', 'hi-hat-closed-medium', 'hi-hat-closed-soft']);
    // A flam's grace stroke is a low one: the ghost layer.
    expect(chooseSample('snare', grace, 0, false)!.sample).toBe('snare-ghost');
  });

  it('each layer is quieter than the one above, loudness following velocity squared', () => {
    const gains = [accent, normal, ghost].map((velocity) => chooseSample('snare', velocity, 0, false)!.gain);
    expect(gains[1]! / gains[0]!).toBeCloseTo(normal ** 2, 9);
    expect(gains[2]! / gains[0]!).toBeCloseTo(ghost ** 2, 9);
  });

  it('an accented snare in a groove is a rim shot; in a rudiment, a hard centre stroke; rim click is the cross-stick', () => {
    expect(chooseSample('snare', accent, 0, true)!.sample).toBe('snare-rim-shot');
    expect(chooseSample('snare', normal, 0, true)!.sample).toBe('snare-medium');
    expect(chooseSample('snare', accent, 0, false)!.sample).toBe('snare-hard');
    expect(chooseSample('rim_click', normal, 0, false)!.sample).toBe('cross-stick');
  });

  it('repeated strokes cycle through three round robins, then start again', () => {
    const strokes = [0, 1, 2, 3].map((stroke) => chooseSample('hi_hat', normal, stroke, false)!);
    expect(new Set(strokes.slice(0, 3).map((choice) => choice.rate)).size).toBe(3);
    expect(strokes[3]).toEqual(strokes[0]);
    expect(ROUND_ROBIN).toHaveLength(3);
  });

  it('every voice but the pad has a sample in the kit file; the pad is synthesised', () => {
    for (const voice of VOICES) {
      const choice = chooseSample(voice, normal, 0, false);
      if (voice === 'pad') expect(choice).toBeNull();
      else expect(Object.keys(manifest.regions)).toContain(choice!.sample);
    }
  });

  it('the mixer decides: the sampled kit once decoded, the synthesised one before or when chosen, nothing for click only or a hi-hat kept by foot', () => {
    const acoustic = { kitSound: 'acoustic' as const, hiHat: true };
    expect(drumSourceOf(acoustic, 'snare', true)).toBe('sampled');
    expect(drumSourceOf(acoustic, 'snare', false)).toBe('synthesised');
    expect(drumSourceOf(acoustic, 'pad', true)).toBe('synthesised');
    expect(drumSourceOf({ ...acoustic, kitSound: 'electronic' }, 'snare', true)).toBe('synthesised');
    expect(drumSourceOf({ ...acoustic, kitSound: 'click-only' }, 'bass_drum', true)).toBeNull();
    for (const voice of ['hi_hat', 'hi_hat_open', 'hi_hat_foot'] as const)
      expect(drumSourceOf({ ...acoustic, hiHat: false }, voice, true)).toBeNull();
    expect(drumSourceOf({ ...acoustic, hiHat: false }, 'ride', true)).toBe('sampled');
  });
});

describe('the sampled kit on the audio clock', () => {
  const kitOf = (): SampleKit => ({
    buffer: {} as AudioBuffer,
    regions: Object.fromEntries(
      Object.entries(manifest.regions).map(([name, region]) => [name, { ...region }]),
    ) as SampleKit['regions'],
  });
  const player = () => {
    const audio = createFakeAudioContext();
    const context = new audio.AudioContext();
    const stops: number[] = [];
    const samples = createSamplePlayer(kitOf(), {
      context,
      output: context.createGain(),
      track: (_source, stopAt) => stops.push(stopAt),
    });
    return { audio, samples, stops };
  };

  it('starts each hit at its time from its attack in the buffer, and round robins count per sample', () => {
    const { audio, samples } = player();
    samples.play('hi_hat', 1, normal, false);
    samples.play('hi_hat', 1.25, normal, false);
    samples.play('snare', 1.25, normal, false);
    expect(audio.starts.map((start) => [start.when, start.offset])).toEqual([
      [1, manifest.regions['hi-hat-closed-medium'].start],
      [1.25, manifest.regions['hi-hat-closed-medium'].start],
      [1.25, manifest.regions['snare-medium'].start],
    ]);
  });

  it('an open hi-hat rings until the next closed or foot stroke, which chokes it within 30 ms', () => {
    const { audio, samples } = player();
    samples.play('hi_hat_open', 1, normal, false);
    const openGain = audio.gains.at(-1)!.gain;
    samples.play('snare', 1.2, normal, false);
    expect(openGain.calls).toEqual([]);
    samples.play('hi_hat', 1.5, normal, false);
    expect(openGain.calls).toEqual([
      ['setValueAtTime', openGain.value, 1.5],
      ['linearRampToValueAtTime', 0, 1.5 + CHOKE_SECONDS],
    ]);
    // Choked once: a later stroke leaves it alone; a foot stroke chokes the next open one.
    samples.play('hi_hat', 1.75, normal, false);
    expect(openGain.calls).toHaveLength(2);
    samples.play('hi_hat_open', 2, normal, false);
    const second = audio.gains.at(-1)!.gain;
    samples.play('hi_hat_foot', 2.5, normal, false);
    expect(second.calls.map(([method, , time]) => [method, time])).toEqual([
      ['setValueAtTime', 2.5],
      ['linearRampToValueAtTime', 2.5 + CHOKE_SECONDS],
    ]);
  });

  it('an open hi-hat that has rung out is not choked', () => {
    const { audio, samples } = player();
    samples.play('hi_hat_open', 1, normal, false);
    const openGain = audio.gains.at(-1)!.gain;
    samples.play('hi_hat', 1 + manifest.regions['hi-hat-open'].duration + 0.1, normal, false);
    expect(openGain.calls).toEqual([]);
  });
});

describe('finding each hit in the decoded kit', () => {
  it("finds a hit's attack wherever the decoder put it (MP3 priming stripped or not)", () => {
    const rate = 1000;
    const samples = new Float32Array(200);
    // A hit at 0.1 s: a rise over 3 samples to its peak.
    samples.set([0.02, 0.3, 0.9, 0.6, 0.4], 100);
    expect(attackIndex(samples, 50, 150)).toBe(101);
    const shifted = new Float32Array(400);
    shifted.set(samples.subarray(0, 200), 25);
    expect(attackIndex(shifted, 50, 200)).toBe(126);
    const buffer = {
      sampleRate: rate,
      getChannelData: () => new Float32Array(rate * 30),
    } as unknown as AudioBuffer;
    // Silence: nothing to find, the file's own places stand (within the search window's start).
    const kit = sampleKitOf(buffer);
    expect(kit.regions['kick-hard'].duration).toBe(manifest.regions['kick-hard'].duration);
  });
});

describe('the limiter', () => {
  it('leaves the signal alone up to its knee and never lets it past -1 dBFS', () => {
    expect(limited(0.3)).toBe(0.3);
    expect(limited(-KNEE)).toBe(-KNEE);
    for (const input of [0.6, 0.9, 1, 2, 4, 100]) {
      expect(limited(input)).toBeLessThanOrEqual(LIMIT);
      expect(limited(-input)).toBeGreaterThanOrEqual(-LIMIT);
    }
    // Louder in, louder out (short of the limit): the knee bends, it does not flatten.
    for (const input of [0.6, 0.9, 1, 2]) expect(limited(input)).toBeGreaterThan(limited(input * 0.9));
    expect(20 * Math.log10(LIMIT)).toBeLessThanOrEqual(-1);
  });
});
