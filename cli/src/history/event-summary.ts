import { accuracyLabel, SKILL_DISPLAY_NAMES, timingOffsetLabel, type RecordedEvent } from '@stickwork/domain';
import { findLessonSummary } from '../catalogue/catalogue-summary.js';

/** Data fields that never leave the store through the CLI, not even as JSON. */
const SECRET_FIELDS = new Set(['passwordHash', 'recoverySecretId']);

export const withoutSecrets = (data: unknown): unknown =>
  data !== null && typeof data === 'object' && !Array.isArray(data)
    ? Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_FIELDS.has(key)))
    : data;

const skillName = (skill: unknown): string =>
  typeof skill === 'string' && skill in SKILL_DISPLAY_NAMES
    ? SKILL_DISPLAY_NAMES[skill as keyof typeof SKILL_DISPLAY_NAMES]
    : String(skill);

const day = (iso: unknown): string => (typeof iso === 'string' ? iso.slice(0, 10) : '?');

type Data = Record<string, unknown>;
type Summarize = (data: Data) => string;

/** `1 lesson`, `3 lessons`. */
export const count = (n: number, noun: string): string => `${n} ${n === 1 ? noun : `${noun}s`}`;

/** The play a take or an evaluation belongs to (its id's first 8 characters), when it has one. */
const playOf = (playId: unknown): string =>
  typeof playId === 'string' ? ` [play ${playId.slice(0, 8)}]` : '';

const levelChange: Summarize = ({ skill, from, to }) => `${skillName(skill)} ${String(from)} → ${String(to)}`;

const SUMMARIES: Record<string, Summarize> = {
  CustomerRegistered: ({ firstname, lastname, email, country, newsletterSubscription }) =>
    `${String(firstname)} ${String(lastname)} <${String(email)}> from ${String(country)}` +
    (newsletterSubscription ? ', newsletter' : ''),
  VerificationMailRequested: () => 'verification mail requested',
  EmailVerified: () => 'email verified',
  PasswordRecoveryRequested: () => 'password recovery mail requested',
  PasswordChanged: ({ recoverySecretId }) =>
    recoverySecretId === undefined ? 'password changed' : 'password changed through a recovery link',
  SubscriptionStarted: ({ tier, period, status, trialEndsAt, currentPeriodEnd }) =>
    `${String(tier)} ${String(period)}, ${String(status)}` +
    (trialEndsAt ? ` (trial until ${day(trialEndsAt)})` : '') +
    `, period ends ${day(currentPeriodEnd)}`,
  SubscriptionActivated: ({ currentPeriodEnd }) => `active, period ends ${day(currentPeriodEnd)}`,
  SubscriptionPlanChanged: ({ fromTier, fromPeriod, tier, period }) =>
    `${String(fromTier)} ${String(fromPeriod)} → ${String(tier)} ${String(period)}`,
  SubscriptionCancellationScheduled: ({ cancelAt }) => `cancels on ${day(cancelAt)}`,
  SubscriptionResumed: () => 'cancellation withdrawn',
  SubscriptionPaymentFailed: () => 'payment failed: past due',
  SubscriptionEnded: () => 'subscription ended: back on freemium',
  CustomerErasureRequested: () => 'account deletion requested',
  CustomerErased: () => 'account erased: personal data deleted',
  SkillsSelfRated: ({ ratings }) =>
    (Array.isArray(ratings) ? (ratings as Data[]) : [])
      .map(({ skill, level }) => `${skillName(skill)} ${String(level)}`)
      .join(', ') || 'no skills rated',
  SkillLevelChanged: levelChange,
  LevelRaised: (data) => `level up: ${levelChange(data)}`,
  SkillPreferenceChanged: ({ skill, selected, level }) =>
    `${skillName(skill)} ${selected ? 'selected' : 'deselected'} at ${String(level)}`,
  PracticeSessionScheduled: ({ lessonIds, targetPracticeTime, skills }) => {
    const ids = Array.isArray(lessonIds) ? (lessonIds as number[]) : [];
    const warmUps = ids.filter((id) => findLessonSummary(id)?.type === 'warm_up').length;
    const limit = ids.includes(-1) ? ', then the daily limit' : '';
    const focus = (Array.isArray(skills) ? (skills as Data[]) : [])
      .map(({ focus, level }) => `${skillName(focus)} ${String(level)}`)
      .join(' + ');
    const lessons = ids.filter((id) => id !== -1).length;
    return `${count(lessons, 'lesson')} (${count(warmUps, 'warm-up')})${limit}, ${String(targetPracticeTime)} min: ${focus}`;
  },
  LessonEvaluated: ({ lessonId, focus, ratingDifficulty, skipped, progressAfter, playId }) => {
    const name = findLessonSummary(Number(lessonId))?.name ?? `lesson ${String(lessonId)}`;
    const rated = skipped ? 'skipped as mastered' : `rated ${String(ratingDifficulty)}`;
    const progress = typeof progressAfter === 'number' ? `, progress ${progressAfter}%` : '';
    return `${name} (${String(focus)}) ${rated}${progress}${playOf(playId)}`;
  },
  TimingScored: ({
    lessonId,
    focus,
    input,
    bpm,
    accuracy,
    expected,
    hits,
    missed,
    extra,
    meanOffsetMs,
    spreadMs,
    byPosition,
    playId,
  }) => {
    const name = findLessonSummary(Number(lessonId))?.name ?? `lesson ${String(lessonId)}`;
    const positions =
      Array.isArray(byPosition) && byPosition.length > 0
        ? `, ${count(byPosition.length, 'voice-position')}`
        : '';
    return (
      `${name} (${String(focus)}) timing ${accuracyLabel(Number(accuracy))} at ${String(bpm)} bpm on ${String(input)}: ` +
      `${String(hits)} of ${String(expected)} hit, ${String(missed)} missed, ${String(extra)} extra, ` +
      `${timingOffsetLabel(Number(meanOffsetMs))} ±${Math.round(Number(spreadMs))} ms${positions}${playOf(playId)}`
    );
  },
  UsageIncremented: ({ day: counted }) => `lesson counted on ${String(counted)}`,
  UsageReset: ({ day: reset, lessons }) =>
    `${String(reset)} reset to 0 (had ${count(Number(lessons), 'lesson')})`,
  PracticeActivityRecorded: ({ day: practised, lessons, minutes }) =>
    `${String(practised)}: ${count(Number(lessons), 'lesson')}, ${String(minutes)} min`,
  PracticeHistoryErased: () => 'practice history erased',
  // Weekly goal, reminders, teacher lessons.
  WeeklyGoalSet: ({ daysPerWeek, day: on }) => `weekly goal ${String(daysPerWeek)} days (from ${String(on)})`,
  PracticeRemindersSet: ({ enabled, days, hour }) =>
    enabled
      ? `reminders on: days ${Array.isArray(days) ? days.join(',') : '?'} at ${String(hour)}:00`
      : 'reminders off',
  PracticeRemindersUnsubscribed: () => 'reminders off (unsubscribe link)',
  PracticeReminderSent: ({ day: on }) => `reminder sent for ${String(on)}`,
  LessonCreditUsed: ({ quarter, teacherId, startsAt }) =>
    `teacher lesson ${String(quarter)}: ${String(teacherId)} at ${String(startsAt)}`,
  LessonCreditConfirmed: ({ quarter }) => `teacher lesson ${String(quarter)}: booked`,
  LessonCreditReturned: ({ quarter, reason }) =>
    `teacher lesson credit of ${String(quarter)} returned${reason ? ` (${String(reason).replace('_', ' ')})` : ''}`,
  LessonCreditsClosed: () => 'teacher lessons closed (account erased)',
};

/** One readable line per event, never with a password hash; unknown types show their data's fields. */
export const summarizeEvent = (event: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): string => {
  const data = (event.data ?? {}) as Data;
  const summarize = SUMMARIES[event.type];
  const text = summarize
    ? summarize(data)
    : Object.entries(withoutSecrets(data) as Data)
        .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
        .join(' ');
  return event.metadata.operator ? `${text} [by ${event.metadata.operator}]` : text;
};

/** One formatter per zone: making one costs far more than formatting a time (a history formats hundreds). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** 'YYYY-MM-DD HH:mm:ss' of an ISO time in an IANA zone. */
export const formatInZone = (iso: string, timeZone: string): string =>
  formatterFor(timeZone).format(new Date(iso)).replace(',', '');
