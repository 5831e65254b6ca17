import type { LessonFocus, LessonHistoryRow, SteadyLag, WeakSpot } from '@stickwork/domain';
import { apiRequest } from '../../lib/api-client';

/** GET /api/lesson-history: the lessons played, newest first, of one skill or all. */
export const fetchLessonHistory = (skill: LessonFocus | null) =>
  apiRequest<LessonHistoryRow[]>(
    skill === null ? '/api/lesson-history' : `/api/lesson-history?skill=${encodeURIComponent(skill)}`,
  );

/** GET /api/timing/weak-spots: the weak spots of the latest 4 weeks of takes, worst first. */
export const fetchWeakSpots = () => apiRequest<WeakSpot[]>('/api/timing/weak-spots');

/** GET /api/timing/steady-lag: the offset every position shares over the same takes, or null. */
export const fetchSteadyLag = () => apiRequest<{ steadyLag: SteadyLag | null }>('/api/timing/steady-lag');
