import type { Voice } from '@stickwork/domain';

/** How fast a choked open hi-hat falls silent. */
export const CHOKE_SECONDS = 0.03;

/**
 * The hi-hat's choke, the same on both kits: an open hi-hat rings through a gain of its own until the
 * next closed or foot stroke (the cymbals closing) ramps that gain to silence within CHOKE_SECONDS.
 */
export const createHiHatChoke = () => {
  let open: { gain: GainNode; level: number; time: number; end: number } | null = null;
  return {
    /** An open hi-hat sounds at `time` through `gain` (now at `level`) and would ring until `end`. */
    opened(gain: GainNode, level: number, time: number, end: number): void {
      open = { gain, level, time, end };
    },
    /** A stroke of `voice` at `time`: a closed or foot stroke chokes the open hi-hat still ringing. */
    struck(voice: Voice, time: number): void {
      if ((voice !== 'hi_hat' && voice !== 'hi_hat_foot') || !open) return;
      if (open.time >= time || open.end <= time) return;
      open.gain.gain.setValueAtTime(open.level, time);
      open.gain.gain.linearRampToValueAtTime(0, time + CHOKE_SECONDS);
      open = null;
    },
  };
};

export type HiHatChoke = ReturnType<typeof createHiHatChoke>;
