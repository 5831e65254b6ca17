import type { DayKey, HumaneStreak, WeeklyGoalProgress } from '@stickwork/domain';
import { apiRequest } from '../../lib/api-client';

/** GET /api/goal: the weekly goal and the humane streak, on the customer's days. */
export interface WeeklyGoalView {
  today: DayKey;
  timeZone: string;
  weeklyGoal: WeeklyGoalProgress;
  streak: HumaneStreak;
}

export const fetchWeeklyGoal = () => apiRequest<WeeklyGoalView>('/api/goal');

export const putWeeklyGoal = (daysPerWeek: number) =>
  apiRequest<WeeklyGoalView>('/api/goal', { method: 'PUT', body: { daysPerWeek } });
