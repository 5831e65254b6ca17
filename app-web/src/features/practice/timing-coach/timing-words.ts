import type { HitTiming } from '@stickwork/domain';

export const TIMING_LABELS: Record<HitTiming, string> = { early: 'early', on: 'on time', late: 'late' };
