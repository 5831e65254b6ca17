import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Practises `minutes` by the server's practice clock as a journey's precondition: schedules a
 * timing session, moves the test clock (`POST /api/test/clock`, see docs/testing.md) and evaluates
 * its warm-up, so a practice activity of up to those minutes (and one lesson) is believed. The
 * journey that calls it puts the clock back (`DELETE /api/test/clock`) after it.
 */
export const practiseMinutes = async (
  request: APIRequestContext,
  token: string,
  minutes: number,
  timeZone = 'UTC',
): Promise<void> => {
  const headers = { 'x-auth-token': token, 'time-zone': timeZone };
  const scheduled = await request.post('/api/lesson/schedule', {
    headers,
    data: {
      skillPreference: [{ focus: 'timing', level: 'beginner' }],
      practiceTime: 60,
      padSufficient: false,
    },
  });
  expect(scheduled.ok(), await scheduled.text()).toBe(true);
  const { lessons } = (await scheduled.json()) as { lessons: { lesson_id: number; type: string }[] };
  const moved = await request.post('/api/test/clock', { data: { advanceMinutes: minutes } });
  expect(moved.status()).toBe(200);
  const evaluated = await request.post('/api/lesson/finishExercise', {
    headers,
    data: {
      lessonId: lessons.find((lesson) => lesson.type === 'warm_up')!.lesson_id,
      type: 'warm_up',
      ratingDifficulty: 'easy',
      skipLesson: false,
    },
  });
  expect(evaluated.ok(), await evaluated.text()).toBe(true);
};
