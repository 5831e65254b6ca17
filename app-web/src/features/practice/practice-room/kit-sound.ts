import type { PlannedSound, Voice } from '@stickwork/domain';
import { playClick, playDrum, whiteNoise, type Kit } from './drum-voices';
import { createHiHatChoke } from './hi-hat-choke';
import type { SoundMix } from './sound-mix';
import { createSamplePlayer, HI_HAT_VOICES, type SampleKit, type SamplePlayer } from './sampled-kit';
import type { SoundBus } from './sound-bus';

/**
 * How a drum stroke sounds with the drummer's mix: on the sampled kit (once it is decoded; the
 * practice pad has no sample), on the synthesised one, or not at all (click only, or a hi-hat the
 * drummer keeps with their own foot).
 */
export const drumSourceOf = (
  mix: Pick<SoundMix, 'kitSound' | 'hiHat'>,
  voice: Voice,
  samplesReady: boolean,
): 'sampled' | 'synthesised' | null => {
  if (mix.kitSound === 'click-only') return null;
  if (!mix.hiHat && HI_HAT_VOICES.has(voice)) return null;
  return mix.kitSound === 'acoustic' && samplesReady && voice !== 'pad' ? 'sampled' : 'synthesised';
};

/** What plays a run's sounds: the synthesised kit and clicks, the sampled kit when decoded, the mix. */
export interface KitVoices {
  kit: Kit;
  samples: SamplePlayer | null;
  mix: SoundMix;
  /** The pattern is a groove: accented snare strokes are rim shots. */
  rimShots: boolean;
}

/** One planned sound at `time` on the audio clock. */
export const playPlanned = (voices: KitVoices, sound: PlannedSound, time: number): void => {
  if (sound.kind === 'click') return playClick(voices.kit, sound.click, time);
  const source = drumSourceOf(voices.mix, sound.voice, voices.samples !== null);
  if (source === 'sampled') voices.samples!.play(sound.voice, time, sound.velocity, voices.rimShots);
  else if (source === 'synthesised') playDrum(voices.kit, sound.voice, time, sound.velocity);
};

/** A context's kits playing into the room's bus: the synthesised one, and the sampled one once decoded. */
export const kitVoicesOn = (
  context: BaseAudioContext,
  bus: SoundBus,
  track: Kit['track'],
  samples: SampleKit | null,
  mix: SoundMix,
  rimShots: boolean,
): KitVoices => ({
  kit: {
    context,
    output: bus.synthesisedKit,
    clicks: bus.click,
    noise: whiteNoise(context),
    hiHat: createHiHatChoke(),
    track,
  },
  samples: samples ? createSamplePlayer(samples, { context, output: bus.kit, track }) : null,
  mix,
  rimShots,
});
