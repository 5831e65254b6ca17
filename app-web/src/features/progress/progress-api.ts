import type { ChartSkill, DayKey, HeatmapDay, Level, OverallLevelTitle, Skill } from '@stickwork/domain';
import { apiRequest } from '../../lib/api-client';

/** One gauge of GET /api/lesson/progress, in the order the gauges are shown. */
export interface SkillGauge {
  skillName: Skill;
  skillLevel: Level;
  levelProgress: number;
  selected: boolean;
  levelUpOffered: boolean;
  hint: string;
}

/** GET /api/lesson/progress: the practice report the stats page draws. */
export interface LessonProgress {
  progress: SkillGauge[];
  stats: { hours: number; minutes: number; lessons: number; longestStreak: number; currentStreak: number };
  overallLevelTitle: OverallLevelTitle;
  chart: { skill: ChartSkill; value: number }[];
  today: { date: DayKey; count: number; practiceDurationMinutes: number };
  heatmap: { from: DayKey; to: DayKey; days: HeatmapDay[] };
}

export interface SkillSelfRating {
  skillName: Skill;
  selected: boolean;
  level: Level;
}

/** GET /api/focus. */
export interface FocusView {
  skillSelfRating: SkillSelfRating[];
}

export const fetchLessonProgress = () => apiRequest<LessonProgress>('/api/lesson/progress');

export const fetchFocus = () => apiRequest<FocusView>('/api/focus');

export const patchFocus = (rating: SkillSelfRating) =>
  apiRequest<FocusView>('/api/focus', { method: 'PATCH', body: rating });

export const postLevelUp = (skillName: Skill) =>
  apiRequest<unknown>('/api/focus/level-up', { method: 'POST', body: { skillName } });
