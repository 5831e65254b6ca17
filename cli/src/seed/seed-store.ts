import {
  createAccountsService,
  createPlanService,
  createPracticeService,
  hashPassword,
  HttpError,
  lessonCatalogue,
  loadCustomer,
  nextPeriodEndAt,
  pinTimeZone,
  settlePeriodEnds,
  type Backend,
} from '@stickwork/app-api';
import {
  BILLING_PERIODS,
  DIFFICULTY_RATINGS,
  fieldErrors,
  registerRequestSchema,
  validationErrorBody,
  entitlementsFor,
  isDomainError,
  PAID_TIERS,
  SKILLS,
  subscriptionOf,
  TIME_PICKER_OPTIONS,
  timeZoneSchema,
  type DifficultyRating,
  type Level,
  type Skill,
  type TimeZone,
} from '@stickwork/domain';
import { CliError } from '../context.js';
import { seededRandom, type SeededRandom } from './random.js';

export interface SeedOptions {
  customers: number;
  days: number;
  seed: number;
  /** The last day of the histories (their start is `days` before). */
  end: Date;
  /** Nothing is written at or after this moment (the command's start): no event lies in the future. */
  notAfter?: Date;
  /** Ctrl-C: stop after the customer's action under way, with everything written so far consistent. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedSummary {
  customers: { customerId: string; email: string; plan: string }[];
  /** The password every seeded customer can log in with. */
  password: string;
  sessions: number;
  lessons: number;
  levelUps: number;
  events: number;
  /** Stopped by its signal before the last day. */
  interrupted: boolean;
}

export const SEED_PASSWORD = 'Drum-Demo-2026!';

const FIRST_NAMES = [
  'Ringo',
  'Sheila',
  'Karen',
  'Stewart',
  'Cindy',
  'Questlove',
  'Anika',
  'Tony',
  'Meg',
  'Buddy',
  'Hannah',
  'Jojo',
  'Senri',
  'Elvin',
  'Terri',
  'Nandi',
];
const LAST_NAMES = [
  'Starr',
  'Escovedo',
  'Carpenter',
  'Copeland',
  'Blackman',
  'Thompson',
  'Nilles',
  'Williams',
  'White',
  'Rich',
  'Welton',
  'Mayer',
  'Kawaguchi',
  'Jones',
  'Carrington',
  'Bushell',
];
const COUNTRIES = [
  ['DE', 'Europe/Berlin'],
  ['GB', 'Europe/London'],
  ['US', 'America/New_York'],
  ['US', 'America/Los_Angeles'],
  ['JP', 'Asia/Tokyo'],
  ['BR', 'America/Sao_Paulo'],
  ['AU', 'Australia/Sydney'],
  ['FR', 'Europe/Paris'],
] as const;
const STARTING_LEVELS: Level[] = [
  'starter',
  'beginner',
  'beginner',
  'advanced_beginner',
  'medium_advanced',
  'advanced',
];
/** Most lessons feel about right; a few are too easy or too hard. */
const RATINGS: (readonly [DifficultyRating, number])[] = DIFFICULTY_RATINGS.map((rating) => [
  rating,
  { too_easy: 6, easy: 26, challenging: 38, hard: 21, too_hard: 9 }[rating],
]);

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

interface Profile {
  index: number;
  firstname: string;
  lastname: string;
  email: string;
  country: string;
  timeZone: TimeZone;
  /** Chance of practising on a given day. */
  habit: number;
  registerDay: number;
  /** Day a paid checkout happens, if ever. */
  subscribeDay: number | null;
  customerId: string;
}

/** A version-4-shaped UUID from the seeded generator, so ids (and the sessions seeded from them) repeat. */
const seededUuid = (random: SeededRandom): string => {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + random.int(0, 3)).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
};

const profileOf = (random: SeededRandom, index: number, seed: number, days: number): Profile => {
  const firstname = random.pick(FIRST_NAMES);
  const lastname = random.pick(LAST_NAMES);
  const [country, timeZone] = random.pick(COUNTRIES);
  const registerDay = random.int(0, Math.max(0, Math.floor(days / 3)));
  return {
    index,
    firstname,
    lastname,
    email: `${firstname}.${lastname}.${index + 1}@seed-${seed}.example`.toLowerCase(),
    country,
    // Checked as the HTTP edge checks a `time-zone` header: the services take only checked zones.
    timeZone: timeZoneSchema.parse(timeZone),
    habit: 0.25 + random.next() * 0.65,
    registerDay,
    subscribeDay: random.chance(0.25) ? random.int(registerDay, days - 1) : null,
    customerId: seededUuid(random),
  };
};

/**
 * Synthetic customers and practice histories written through the API's own application services
 * (registration, self-rating, schedule, usage, evaluation, level-up, activity) with a clock that
 * walks through the days, so every rule (daily limit, progress, level-up) holds in the data.
 * The same seed gives the same people, choices and times; customer ids are drawn by the
 * accounts service, as on the site.
 */
export const seedStore = async (backend: Backend, options: SeedOptions): Promise<SeedSummary> => {
  const random = seededRandom(options.seed);
  const start =
    Date.UTC(options.end.getUTCFullYear(), options.end.getUTCMonth(), options.end.getUTCDate()) -
    (options.days - 1) * DAY_MS;
  const notAfter = options.notAfter?.getTime() ?? Number.POSITIVE_INFINITY;
  let now = new Date(start);
  const clock = () => now;
  const moveTo = (time: number) => (now = new Date(Math.max(now.getTime(), time)));
  const seeding: Backend = { ...backend, clock };
  // One hash for all: argon2 is slow on purpose, and every seeded customer shares the demo password.
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const practice = createPracticeService(seeding, lessonCatalogue());
  const accounts = createAccountsService(seeding);
  const plans = createPlanService(seeding);
  const before = (await backend.store.stats()).events;

  const profiles = Array.from({ length: options.customers }, (_, index) =>
    profileOf(random, index, options.seed, options.days),
  );
  const summary: Omit<SeedSummary, 'customers' | 'events' | 'password' | 'interrupted'> = {
    sessions: 0,
    lessons: 0,
    levelUps: 0,
  };

  /**
   * The server's period-end sweep, run at each period end as the clock passes it (trial ends,
   * renewals, cancellations coming due), so each is recorded at its own time and none is left for
   * the server to record late. `periodEnds`: the next one of each subscribed customer.
   */
  const periodEnds = new Map<string, number>();
  const watchPeriodEnd = async (customerId: string) => {
    const due = nextPeriodEndAt(await loadCustomer(backend.store, customerId));
    if (due === null) periodEnds.delete(customerId);
    else if (periodEnds.get(customerId) === due.getTime())
      throw new Error(`the period end at ${due.toISOString()} of ${customerId} did not settle`);
    else periodEnds.set(customerId, due.getTime());
  };
  /** Moves the clock to `time`, settling every period end up to it on the way. */
  const advanceTo = async (time: number) => {
    for (;;) {
      let next: [string, number] | undefined;
      for (const entry of periodEnds) if (entry[1] <= time && (!next || entry[1] < next[1])) next = entry;
      if (!next) break;
      moveTo(next[1]);
      await settlePeriodEnds(seeding, next[0]);
      await watchPeriodEnd(next[0]);
    }
    moveTo(time);
  };

  /** The read models show a customer command's events before the seed goes on, as an API answer would. */
  const caughtUp = async ({ position }: { position: number | null }) => {
    if (position !== null) await backend.projections.waitFor(position);
  };

  /**
   * POST /api/register through the accounts service: the registration request schema, the
   * email's reservation (unique; a stale one is released as the API does), the registration; no
   * verification mail goes out.
   */
  const register = async (profile: Profile) => {
    const { customerId } = profile;
    const request = fieldErrors(registerRequestSchema, {
      email: profile.email,
      password: SEED_PASSWORD,
      firstname: profile.firstname,
      lastname: profile.lastname,
      country: profile.country,
      dateTermsAndConditions: now.toISOString(),
      newsletterSubscription: random.chance(0.4),
    });
    if (!request.ok)
      throw new Error(`a seeded registration is invalid: ${validationErrorBody(request.errors).message}`);
    try {
      const { password: _password, ...registration } = request.value;
      await caughtUp(await accounts.registerWithoutMail(customerId, { ...registration, passwordHash }));
    } catch (error) {
      const taken = error instanceof HttpError && error.status === 409;
      if (taken || isDomainError(error, 'already_registered'))
        throw new CliError(
          `${profile.email} is already registered: this store was seeded with --seed ${options.seed}; pick another`,
        );
      throw error;
    }
    if (random.chance(0.85)) await caughtUp(await accounts.markEmailVerified(customerId));
    // Pinned as their first practice write would pin it from the browser's `time-zone` header.
    await pinTimeZone(seeding, customerId, profile.timeZone);
    const chosen = random.sample(
      SKILLS.filter((skill) => skill !== 'beginner_course'),
      random.int(2, 4),
    );
    const beginner = random.chance(0.3);
    await practice.rateSkills(
      { customerId, plan: { tier: 'freemium', status: 'freemium' } },
      {
        skillSelfRating: [
          ...(beginner
            ? [{ skillName: 'beginner_course' as Skill, selected: true, level: 'starter' as Level }]
            : []),
          ...chosen.map((skill) => ({
            skillName: skill,
            selected: true,
            level: random.pick(STARTING_LEVELS),
          })),
        ],
      },
    );
  };

  /** A checkout: the decider starts the 14-day trial of a customer's first one. */
  const subscribe = async (profile: Profile) => {
    const period = random.pick(BILLING_PERIODS);
    await plans.checkoutWithoutProvider(profile.customerId, {
      tier: random.weighted(PAID_TIERS.map((tier) => [tier, tier === 'premium' ? 3 : 1] as const)),
      period,
    });
    await watchPeriodEnd(profile.customerId);
  };

  const session = async (profile: Profile) => {
    const customerId = profile.customerId;
    const customer = await loadCustomer(backend.store, customerId);
    const plan = subscriptionOf(customer);
    const who = { customerId, plan };
    const model = practice.progress(customerId);
    const selected = SKILLS.filter(
      (skill) => model.selected[skill] && model.levels[skill] !== 'level not set',
    );
    if (selected.length === 0) return;
    const most = entitlementsFor(plan.tier, plan.status).maxSkillsPerSession ?? selected.length;
    const skills = random.sample(selected, random.int(1, Math.min(most, selected.length)));
    let schedule;
    try {
      schedule = await practice.schedule(
        who,
        {
          skillPreference: skills.map((focus) => ({ focus, level: model.levels[focus] })),
          practiceTime: random.pick(TIME_PICKER_OPTIONS.slice(0, 5)),
          padSufficient: false,
        },
        profile.timeZone,
      );
    } catch (error) {
      // No lesson left today, or none fits: the customer closes the app, as on the site.
      if (isDomainError(error) || error instanceof HttpError) return;
      throw error;
    }
    summary.sessions += 1;
    let lessons = 0;
    let minutes = 0;
    for (const lesson of schedule.lessons) {
      if (lesson.type === 'limit_reached') break;
      if (now.getTime() + lesson.practice_time * MINUTE_MS > notAfter) break; // the lesson would end in the future
      if (lesson.type === 'exercise') {
        try {
          await practice.countLesson(who, profile.timeZone);
        } catch (error) {
          if (isDomainError(error, 'daily_limit_reached')) break;
          throw error;
        }
      }
      await advanceTo(now.getTime() + lesson.practice_time * MINUTE_MS);
      minutes += lesson.practice_time;
      lessons += 1;
      const skipped = lesson.type === 'exercise' && random.chance(0.03);
      const finished = await practice.finishExercise(who, {
        lessonId: lesson.lesson_id,
        type: lesson.type,
        ratingDifficulty: random.weighted(RATINGS),
        skipLesson: skipped,
      });
      if (lesson.type === 'exercise') summary.lessons += 1;
      if (finished.levelUpOffered && finished.progress && random.chance(0.8)) {
        await practice.levelUp(who, finished.progress.skillName);
        summary.levelUps += 1;
      }
      if (random.chance(0.08)) break; // life happens: the session ends early
    }
    if (minutes > 0)
      await practice.recordActivity(
        who,
        { countLessonsPracticed: lessons, practiceDurationMinutes: minutes },
        profile.timeZone,
      );
  };

  const total = options.customers * options.days;
  let done = 0;
  let interrupted = false;
  days: for (let day = 0; day < options.days; day++) {
    const dayStart = start + day * DAY_MS;
    const agenda: { at: number; profile: Profile; act: (profile: Profile) => Promise<void> }[] = [];
    for (const profile of profiles) {
      const at = dayStart + random.int(6 * 60, 21 * 60) * MINUTE_MS;
      if (day === profile.registerDay) agenda.push({ at, profile, act: register });
      if (day >= profile.registerDay && random.chance(profile.habit))
        agenda.push({ at: at + (day === profile.registerDay ? 10 * MINUTE_MS : 0), profile, act: session });
      if (day === profile.subscribeDay) agenda.push({ at: at + 5 * MINUTE_MS, profile, act: subscribe });
    }
    agenda.sort((a, b) => a.at - b.at || a.profile.index - b.profile.index);
    for (const { at, profile, act } of agenda) {
      if (at > notAfter) continue;
      // SQLite answers synchronously: give Node a turn, so Ctrl-C is seen between actions.
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) {
        interrupted = true;
        break days;
      }
      await advanceTo(at);
      await act(profile);
    }
    done += options.customers;
    options.onProgress?.(done, total);
  }
  // The period ends after the last action, up to the seed's moment (the command's start): the
  // server's first sweep finds nothing to record late.
  if (!interrupted) await advanceTo(Number.isFinite(notAfter) ? notAfter : start + options.days * DAY_MS);

  // Only those registered: an interrupted seed, or one ending now, leaves later customers out.
  const states = await Promise.all(
    profiles.map((profile) => loadCustomer(backend.store, profile.customerId)),
  );
  const customers = profiles.flatMap((profile, i) =>
    states[i]!.status === 'registered'
      ? [{ customerId: profile.customerId, email: profile.email, plan: subscriptionOf(states[i]!).tier }]
      : [],
  );
  return {
    customers,
    password: SEED_PASSWORD,
    ...summary,
    events: (await backend.store.stats()).events - before,
    interrupted,
  };
};
