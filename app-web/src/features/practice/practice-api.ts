import type {
  FinishExerciseRequest,
  PracticeActivityRequest,
  ScheduleRequestBody,
  ScheduledLesson,
  SkillPreferenceEntry,
  Skill,
  Level,
  TimingScored,
  TimingScoredRequest,
} from '@stickwork/domain';
import { ApiError, apiRequest, browserTimeZone } from '../../lib/api-client';
import { readStoredToken } from '../../lib/session/auth-token';

/** POST /api/lesson/schedule. */
export interface PracticeScheduleResponse {
  lessons: ScheduledLesson[];
  currentLessonIndex: number;
  targetPracticeTime: number;
  practiceTimeBeforeCurrentExercise: number;
}

/** GET /api/focus: the chosen skills, as the schedule request takes them. */
export interface FocusResponse {
  skillPreference: SkillPreferenceEntry[];
}

/** One gauge of GET /api/lesson/progress. */
export interface SkillProgressEntry {
  skillName: Skill;
  skillLevel: Level;
  levelProgress: number;
  selected: boolean;
}

/** The parts of GET /api/lesson/progress the overview and the practice report draw. */
export interface LessonProgressResponse {
  progress: SkillProgressEntry[];
  stats: { hours: number; minutes: number; lessons: number; longestStreak: number; currentStreak: number };
}

/** GET /api/usage. */
export interface UsageResponse {
  lesson: { data_used: number };
  lessonsLeftToday: number | null;
  /** POST only: the lesson is counted, but these figures may not include it yet (see `apiRequest`). */
  readModels?: 'stale';
}

export const requestSchedule = (body: ScheduleRequestBody) =>
  apiRequest<PracticeScheduleResponse>('/api/lesson/schedule', { method: 'POST', body });

export const fetchFocus = () => apiRequest<FocusResponse>('/api/focus');

export const fetchLessonProgress = () => apiRequest<LessonProgressResponse>('/api/lesson/progress');

export const fetchUsage = () => apiRequest<UsageResponse>('/api/usage');

/** POST /api/lesson/finishExercise's answer: what the server's practice clock credited. */
export interface FinishExerciseResponse {
  lessonId: number;
  skipped: boolean;
  countedTowardProgress: boolean;
  earned: boolean;
  practisedSeconds: number;
  masteryShown: boolean;
}

export const postFinishExercise = (body: FinishExerciseRequest) =>
  apiRequest<FinishExerciseResponse>('/api/lesson/finishExercise', { method: 'POST', body });

export const postUsage = () =>
  apiRequest<UsageResponse>('/api/usage', { method: 'POST', body: { usageType: 'lesson' } });

/** POST /api/lesson/timing: a take the timing coach scored; answers the recorded take. */
export const postTimingScored = (body: TimingScoredRequest) =>
  apiRequest<TimingScored['data']>('/api/lesson/timing', { method: 'POST', body });

export const postPracticeActivity = (body: PracticeActivityRequest) =>
  apiRequest('/api/practiceActivity', { method: 'POST', body });

/** GET /api/file/download: the lesson's sheet music as a PDF blob. */
export const fetchMusicSheet = async (lessonId: number): Promise<Blob> => {
  const headers: Record<string, string> = { accept: 'application/pdf', 'time-zone': browserTimeZone() };
  const token = readStoredToken();
  if (token) headers['x-auth-token'] = token;
  const response = await fetch(`/api/file/download?lessonId=${encodeURIComponent(lessonId)}`, { headers });
  if (!response.ok)
    throw new ApiError(response.status, `Sheet download failed with ${response.status}`, null);
  return response.blob();
};
