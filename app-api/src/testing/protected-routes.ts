/**
 * Every route that needs a login token (x-auth-token). The token matrix suite sends each of them
 * a missing, expired, tampered, unsigned (`alg: none`), foreign-key and erased-customer token
 * and expects 401 `{ message: 'User not authorized' }`. A service adds its routes here.
 */
export interface ProtectedRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  /** A body that would be valid, so a 401 cannot be a validation error in disguise. */
  body?: unknown;
}

/** The login service (product-spec §7, second table). */
export const LOGIN_SERVICE_PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { method: 'GET', path: '/api/customer-info' },
  { method: 'GET', path: '/api/customer-info/subscription-status' },
  { method: 'GET', path: '/api/authenticate/update-jwt' },
  { method: 'DELETE', path: '/api/delete/account' },
  { method: 'DELETE', path: '/api/delete/customer-data' },
  { method: 'GET', path: '/api/customer-info/time-zone' },
  { method: 'PUT', path: '/api/customer-info/time-zone', body: { timeZone: 'Europe/Berlin' } },
];

/**
 * The payment routes a fresh customer can call with success (the Stripe webhook is authenticated
 * by its signature instead; session-status, the test payment and portal actions need a session or
 * a subscription first, and the payments suite checks their 401s).
 */
export const PAYMENT_PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { method: 'GET', path: '/api/payment/create-checkout-session?priceId=price_basic_monthly' },
  { method: 'GET', path: '/api/payment/create-customer-portal-session' },
  { method: 'GET', path: '/api/payment/cancel-subscription' },
  { method: 'GET', path: '/api/payment/test-payments/portal' },
];

export const PROTECTED_ROUTES: ProtectedRoute[] = [
  ...LOGIN_SERVICE_PROTECTED_ROUTES,
  ...PAYMENT_PROTECTED_ROUTES,
];

/**
 * The schedule service (product-spec §7, first table), with bodies a fresh customer gets a 2xx for
 * (lesson 10005 is a warm-up of the catalogue). POST /api/focus/level-up is left out: for a fresh
 * customer it is a 409 (level-up not offered); its 401 is tested in the practice router suite.
 */
export const SCHEDULE_SERVICE_PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  {
    method: 'POST',
    path: '/api/lesson/schedule',
    body: {
      skillPreference: [{ focus: 'timing', level: 'beginner' }],
      practiceTime: 30,
      padSufficient: false,
    },
  },
  { method: 'GET', path: '/api/focus' },
  {
    method: 'POST',
    path: '/api/focus',
    body: { skillSelfRating: [{ skillName: 'timing', selected: true, level: 'beginner' }] },
  },
  { method: 'PATCH', path: '/api/focus', body: { skillName: 'timing', selected: true, level: 'beginner' } },
  {
    method: 'POST',
    path: '/api/lesson/finishExercise',
    body: { lessonId: 10005, type: 'warm_up', ratingDifficulty: 'easy', skipLesson: false },
  },
  { method: 'GET', path: '/api/usage' },
  { method: 'POST', path: '/api/usage', body: { usageType: 'lesson' } },
  { method: 'GET', path: '/api/practiceActivity' },
  {
    method: 'POST',
    path: '/api/practiceActivity',
    body: { countLessonsPracticed: 1, practiceDurationMinutes: 5 },
  },
  { method: 'GET', path: '/api/progress' },
  { method: 'GET', path: '/api/lesson/progress' },
  { method: 'GET', path: '/api/file/download?lessonId=10005' },
  {
    method: 'POST',
    path: '/api/lesson/timing',
    body: {
      lessonId: 10005,
      input: 'midi',
      bpm: 90,
      expected: 16,
      hits: 16,
      missed: 0,
      extra: 0,
      meanOffsetMs: 4,
      spreadMs: 2,
      accuracy: 96,
    },
  },
  { method: 'GET', path: '/api/lesson-history?skill=warm_up' },
];
PROTECTED_ROUTES.push(...SCHEDULE_SERVICE_PROTECTED_ROUTES);

/** Keeping drummers coming back: the weekly goal and streaks. */
export const RETENTION_PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { method: 'GET', path: '/api/goal' },
  { method: 'PUT', path: '/api/goal', body: { daysPerWeek: 4 } },
  { method: 'GET', path: '/api/export' },
  { method: 'GET', path: '/api/reminders' },
  { method: 'PUT', path: '/api/reminders', body: { enabled: true, days: [1, 3], hour: 18 } },
];
PROTECTED_ROUTES.push(...RETENTION_PROTECTED_ROUTES);
