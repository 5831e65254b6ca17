/*
 * The mixer's shape and its defaults. No imports: tests/support/kit-render.ts reads this file too (its
 * Node-style module resolution does not read the rest of app-web's sources).
 */

/** The sampled acoustic kit, the synthesised one, or no drums at all (the click alone). */
export const KIT_SOUNDS = ['acoustic', 'electronic', 'click-only'] as const;
export type KitSound = (typeof KIT_SOUNDS)[number];

export interface SoundMix {
  kitSound: KitSound;
  /** 0-1. */
  kit: number;
  /** 0-1. */
  click: number;
  /**
   * 0-1: the drummer's own instrument, which the room sounds only as their recorded takes played back
   * (it does not sound an e-kit's notes).
   */
  own: number;
  /** Off for drummers who keep the hi-hat with their own foot: the pattern plays without it. */
  hiHat: boolean;
}

/** The room's master volume (0-1) and mix until the drummer changes them. */
export const DEFAULT_SOUND: { volume: number; mix: SoundMix } = {
  volume: 0.8,
  mix: { kitSound: 'acoustic', kit: 0.8, click: 0.8, own: 0.8, hiHat: true },
};
