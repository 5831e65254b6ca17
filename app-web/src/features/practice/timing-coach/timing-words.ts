import type { HitTiming } from '@stickwork/domain';

/** "15 ms late", "8 ms early", "on the beat": how a drummer says it. */
export const offsetWords = (offsetMs: number): string => {
  const rounded = Math.round(offsetMs);
  if (rounded === 0) return 'on the beat';
  return `${Math.abs(rounded)} ms ${rounded < 0 ? 'early' : 'late'}`;
};

export const TIMING_LABELS: Record<HitTiming, string> = { early: 'early', on: 'on time', late: 'late' };

export const percent = (accuracy: number): string => `${Math.round(accuracy)} %`;
