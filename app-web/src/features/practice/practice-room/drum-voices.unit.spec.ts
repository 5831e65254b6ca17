import { NOTE_VELOCITY } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import { playDrum, whiteNoise, type Kit } from './drum-voices';
import { createFakeAudioContext } from './fake-audio-context';
import { CHOKE_SECONDS, createHiHatChoke } from './hi-hat-choke';

/** The gain an open hi-hat's stroke makes first: the one the choke ramps down (its envelope follows). */
const openHiHatAt = (audio: ReturnType<typeof createFakeAudioContext>, kit: Kit, time: number) => {
  const before = audio.gains.length;
  playDrum(kit, 'hi_hat_open', time, NOTE_VELOCITY.normal);
  return audio.gains[before]!.gain;
};

const synthesisedKit = () => {
  const audio = createFakeAudioContext();
  const context = new audio.AudioContext();
  const kit: Kit = {
    context,
    output: context.createGain(),
    clicks: context.createGain(),
    noise: whiteNoise(context),
    hiHat: createHiHatChoke(),
    track: () => {},
  };
  return { audio, kit };
};

describe('the synthesised (electronic) kit', () => {
  it('an open hi-hat rings until the next closed or foot stroke, which chokes it within 30 ms', () => {
    const { audio, kit } = synthesisedKit();
    const openGain = openHiHatAt(audio, kit, 1);
    playDrum(kit, 'snare', 1.1, NOTE_VELOCITY.normal);
    expect(openGain.calls).toEqual([]);
    playDrum(kit, 'hi_hat', 1.25, NOTE_VELOCITY.normal);
    expect(openGain.calls).toEqual([
      ['setValueAtTime', 1, 1.25],
      ['linearRampToValueAtTime', 0, 1.25 + CHOKE_SECONDS],
    ]);
    // A foot stroke chokes the next open one.
    const second = openHiHatAt(audio, kit, 2);
    playDrum(kit, 'hi_hat_foot', 2.2, NOTE_VELOCITY.normal);
    expect(second.calls.map(([method, , time]) => [method, time])).toEqual([
      ['setValueAtTime', 2.2],
      ['linearRampToValueAtTime', 2.2 + CHOKE_SECONDS],
    ]);
  });

  it('an open hi-hat that has rung out is not choked', () => {
    const { audio, kit } = synthesisedKit();
    const openGain = openHiHatAt(audio, kit, 1);
    playDrum(kit, 'hi_hat', 1.5, NOTE_VELOCITY.normal);
    expect(openGain.calls).toEqual([]);
  });
});
