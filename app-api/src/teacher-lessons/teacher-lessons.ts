import { randomUUID } from 'node:crypto';
import {
  CANCELLATION_HOURS,
  DomainError,
  handleCommand,
  isDomainError,
  isNightLesson,
  lessonCreditDecider,
  lessonCreditEventSchemaVersions,
  lessonCreditsStreamId,
  lessonsOverlap,
  loadState,
  quarterOf,
  teacherDecider,
  teacherEventSchemaVersions,
  teacherStreamId,
  TEACHER_LESSON_MINUTES,
  TIER_FEATURES,
  upcomingSlotStarts,
  type LessonCreditCommand,
  type LessonCreditEvent,
  type LessonCreditState,
  type TeacherCommand,
  type TeacherEvent,
  type TeacherState,
  type TimeZone,
} from '@stickwork/domain';
import {
  customerDirectoryProjection,
  lessonCreditsProjection,
  teacherSchedulesProjection,
  type CustomerDirectoryEntry,
} from '@stickwork/projections';
import type { Backend } from '../backend.js';
import { crashIfInjected } from '../fault-injection.js';
import { teacherLessonMail } from './teacher-lesson-mail.js';

export type TeacherLessonsBackend = Pick<
  Backend,
  'store' | 'readModels' | 'projections' | 'clock' | 'mailer' | 'logger' | 'config'
>;

type Teacher = Extract<TeacherState, { status: 'added' }>;

/** What the 403 of the other tiers carries: what the exclusive tier adds, and where to upgrade. */
export const teacherLessonsUpsell = () => ({
  message: 'Teacher lessons come with the Exclusive plan.',
  upsell: {
    tier: 'exclusive',
    features: TIER_FEATURES.exclusive.map((feature) => feature.text),
    link: '/pricing',
  },
});

export const teachers = (backend: Pick<Backend, 'readModels'>): Teacher[] =>
  backend.readModels
    .list<TeacherState>(teacherSchedulesProjection.name)
    .map(({ state }) => state)
    .filter((state): state is Teacher => state.status === 'added')
    .sort((a, b) => a.name.localeCompare(b.name));

const creditsOf = (backend: Pick<Backend, 'readModels'>, customerId: string): LessonCreditState =>
  backend.readModels.get<LessonCreditState>(lessonCreditsProjection.name, customerId) ?? { used: {} };

/**
 * GET /api/teacher-lessons: the free slots of every teacher for the coming weeks (instants; the page
 * shows them in the customer's zone, a slot outside 07:00-22:00 there marked `night`), which quarters
 * already have a lesson, and the customer's bookings with where they happen (the teacher's meeting
 * link, null while none is set) and whether they can still be cancelled. With the plan's end scheduled, only lessons
 * that end by then are offered.
 */
export const teacherLessonsView = (
  backend: TeacherLessonsBackend,
  customerId: string,
  timeZone: TimeZone,
  exclusiveUntil: Date | null = null,
) => {
  const now = backend.clock();
  const used = creditsOf(backend, customerId).used;
  const all = teachers(backend);
  return {
    timeZone,
    quartersUsed: Object.keys(used).sort(),
    teachers: all.map((teacher) => ({
      teacherId: teacher.teacherId,
      name: teacher.name,
      slots: upcomingSlotStarts(teacher.slots, teacher.timeZone, now)
        .filter((start) => !Object.keys(teacher.bookings).some((booked) => lessonsOverlap(booked, start)))
        .filter(
          (start) =>
            exclusiveUntil === null ||
            start.getTime() + TEACHER_LESSON_MINUTES * 60_000 <= exclusiveUntil.getTime(),
        )
        .map((start) => {
          const quarter = quarterOf(start, timeZone);
          return {
            startsAt: start.toISOString(),
            quarter,
            quarterUsed: quarter in used,
            night: isNightLesson(start, timeZone),
          };
        }),
    })),
    bookings: all
      .flatMap((teacher) =>
        Object.values(teacher.bookings)
          .filter(
            (booking) => booking.customerId === customerId && Date.parse(booking.startsAt) > now.getTime(),
          )
          .map((booking) => ({
            bookingId: booking.bookingId,
            teacherId: teacher.teacherId,
            teacherName: teacher.name,
            startsAt: booking.startsAt,
            meetingLink: teacher.meetingLink ?? null,
            cancellable: Date.parse(booking.startsAt) - now.getTime() >= CANCELLATION_HOURS * 3_600_000,
          })),
      )
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
  };
};

/** The one way a command reaches a `teacher-` stream (the booking flow here, the operator's teachers service). */
export const runTeacher = (
  backend: Pick<Backend, 'store' | 'clock'>,
  teacherId: string,
  command: Omit<TeacherCommand, 'metadata'>,
) =>
  handleCommand(backend.store, teacherStreamId(teacherId), teacherDecider, teacherEventSchemaVersions, {
    ...command,
    metadata: { now: backend.clock() },
  } as TeacherCommand);

/** The one way a command reaches a `lesson-credits-` stream (the booking, the cancellation, the sweep). */
export const runCredits = (
  backend: Pick<Backend, 'store' | 'clock'>,
  customerId: string,
  command: Omit<LessonCreditCommand, 'metadata'>,
) =>
  handleCommand(
    backend.store,
    lessonCreditsStreamId(customerId),
    lessonCreditDecider,
    lessonCreditEventSchemaVersions,
    {
      ...command,
      metadata: { now: backend.clock() },
    } as LessonCreditCommand,
  );

/**
 * Mails a booking or cancellation to the customer and the teacher (`recipients`); answers the
 * customer's address it used, if any. When the customer is left out (an erased account), the
 * teacher's copy names neither them nor their address.
 */
export const mailLessonParties = async (
  backend: TeacherLessonsBackend,
  teacher: Pick<Teacher, 'email' | 'name' | 'timeZone' | 'meetingLink'>,
  customerId: string,
  customerZone: string,
  bookingId: string,
  startsAt: Date,
  kind: 'booked' | 'cancelled',
  recipients: readonly ('customer' | 'teacher')[] = ['customer', 'teacher'],
): Promise<string | undefined> => {
  const found = backend.readModels.get<CustomerDirectoryEntry>(customerDirectoryProjection.name, customerId);
  const customer = recipients.includes('customer')
    ? found
    : { email: '', firstname: 'a Stickwork drummer', lastname: '' };
  if (!customer) return undefined;
  const input = {
    bookingId,
    startsAt,
    kind,
    publicUrl: backend.config.publicUrl,
    teacher: { email: teacher.email, name: teacher.name, timeZone: teacher.timeZone },
    meetingLink: teacher.meetingLink ?? null,
    customer: {
      email: customer.email,
      name: `${customer.firstname} ${customer.lastname}`.trim(),
      timeZone: customerZone,
    },
  };
  for (const to of recipients)
    await backend.mailer
      .send(teacherLessonMail(input, to))
      .catch((error: unknown) =>
        backend.logger.error(
          { bookingId, to, code: (error as { code?: string }).code },
          'teacher lesson mail failed',
        ),
      );
  return customer.email || undefined;
};

/**
 * POST /api/teacher-lessons, a process over two streams with its state recorded on the customer's
 * `lesson-credits-` stream: (1) the credit of the lesson's quarter is held for this booking
 * (`LessonCreditUsed` with the intended slot; expected revision: two bookings at once cannot both
 * take it), (2) the slot is booked on the teacher's stream (expected revision: never double-booked,
 * never overlapping), (3) the credit is confirmed. A refused slot returns the credit at once; a
 * process cut short (a crash, a lost connection to the store) is completed or its credit returned by
 * the sweep (`settleTeacherBookings`). Every rule is the deciders': the teacher decider is asked
 * first, without appending, so a refused slot never touches the credit.
 */
export const bookTeacherLesson = async (
  backend: TeacherLessonsBackend,
  customerId: string,
  request: { teacherId: string; startsAt: Date },
  timeZone: TimeZone,
  exclusiveUntil: Date | null = null,
) => {
  const bookingId = randomUUID();
  const teacherStream = teacherStreamId(request.teacherId);
  const book = (heldSince: Date) =>
    ({
      type: 'BookTeacherLesson',
      data: { bookingId, customerId, startsAt: request.startsAt, heldSince, exclusiveUntil },
    }) as const;
  const now = backend.clock();
  const state = await loadState(backend.store, teacherStream, teacherDecider, teacherEventSchemaVersions);
  teacherDecider.decide({ ...book(now), metadata: { now } }, state);
  const teacher = state as Teacher; // the decider refuses an unknown teacher
  const quarter = quarterOf(request.startsAt, timeZone);
  const startsAt = request.startsAt.toISOString();
  const held = await runCredits(backend, customerId, {
    type: 'UseLessonCredit',
    data: { bookingId, quarter, teacherId: teacher.teacherId, startsAt },
  });
  crashIfInjected('after-credit-taken');
  const heldSince = new Date(held.state.used[quarter]!.usedAt);
  let booked: Awaited<ReturnType<typeof runTeacher>>;
  try {
    booked = await runTeacher(backend, teacher.teacherId, book(heldSince));
  } catch (error) {
    // Only a refusal is known not to have booked; after any other failure the sweep looks.
    if (isDomainError(error))
      await runCredits(backend, customerId, {
        type: 'ReturnLessonCredit',
        data: { bookingId, reason: 'slot_refused' },
      });
    throw error;
  }
  const confirmed = await runCredits(backend, customerId, {
    type: 'SettleLessonCredit',
    data: { bookingId, booked: true },
  });
  const position = Math.max(booked.position ?? -1, confirmed.position ?? -1);
  if (position >= 0) await backend.projections.waitFor(position);
  const email = await mailLessonParties(
    backend,
    teacher,
    customerId,
    timeZone,
    bookingId,
    request.startsAt,
    'booked',
  );
  // An erasure that closed the credits after the confirmation may have swept the outbox before
  // these mails were written: they go too (a close after this read comes before its own sweep).
  if (email !== undefined && (await creditStreamClosed(backend, customerId)))
    await backend.mailer.eraseMailsAbout(email);
  return { bookingId, teacherId: teacher.teacherId, teacherName: teacher.name, startsAt, quarter };
};

/**
 * DELETE /api/teacher-lessons/:bookingId: up to 24 hours before; the quarter's credit returns (if
 * that step is cut short, the sweep returns it).
 */
export const cancelTeacherLesson = async (
  backend: TeacherLessonsBackend,
  customerId: string,
  bookingId: string,
  timeZone: TimeZone,
) => {
  const teacher = teachers(backend).find((candidate) =>
    Object.values(candidate.bookings).some(
      (booking) => booking.bookingId === bookingId && booking.customerId === customerId,
    ),
  );
  if (!teacher) throw new DomainError('not_found', 'There is no such booking.');
  const cancelled = await runTeacher(backend, teacher.teacherId, {
    type: 'CancelTeacherLesson',
    data: { bookingId, customerId },
  });
  const booking = Object.values(teacher.bookings).find((candidate) => candidate.bookingId === bookingId)!;
  const returned = await runCredits(backend, customerId, {
    type: 'ReturnLessonCredit',
    data: { bookingId, reason: 'lesson_cancelled' },
  });
  const position = Math.max(cancelled.position ?? -1, returned.position ?? -1);
  if (position >= 0) await backend.projections.waitFor(position);
  await mailLessonParties(
    backend,
    teacher,
    customerId,
    timeZone,
    bookingId,
    new Date(booking.startsAt),
    'cancelled',
  );
};

const creditStreamClosed = async (backend: Pick<Backend, 'store'>, customerId: string) =>
  (
    await loadState(
      backend.store,
      lessonCreditsStreamId(customerId),
      lessonCreditDecider,
      lessonCreditEventSchemaVersions,
    )
  ).closed === true;

/**
 * Erasure, from the events and after the streams are closed to new bookings: (1) the customer's
 * `lesson-credits-` stream is closed (no credit is taken after it, so the set of bookings that can
 * reach a teacher is fixed: the credits in use), (2) on each teacher's stream those credits name (and
 * any the read models show a booking on), in one append with the stream's expected revision, their
 * future lessons are cancelled (even within 24 hours: nobody will come) and the stream takes no
 * booking of theirs any more, so a booking under way either landed before and is cancelled here,
 * or is refused. The teacher gets a cancellation for each, without the customer's name or address.
 * Runs before the erasure marker, so the read models are scrubbed after the last credit event.
 */
export const closeTeacherLessonsOf = async (
  backend: Omit<TeacherLessonsBackend, 'config'> & Partial<Pick<TeacherLessonsBackend, 'config'>>,
  customerId: string,
  { onExclusive }: { onExclusive: boolean },
): Promise<(TeacherEvent | LessonCreditEvent)[]> => {
  const withConfig = { ...backend, config: backend.config ?? { publicUrl: '' } } as TeacherLessonsBackend;
  // Only a customer on Exclusive can have a booking under way; another one who never held a credit
  // gets no stream (a booking of theirs is refused before it takes one).
  const stream = lessonCreditsStreamId(customerId);
  const noCredits = (await backend.store.readStream(stream, { maxCount: 1 })).length === 0;
  const closed =
    onExclusive || !noCredits
      ? await runCredits(withConfig, customerId, { type: 'CloseLessonCredits', data: {} })
      : { events: [], position: null, state: { used: {} } as LessonCreditState };
  const teacherIds = new Set([
    ...Object.values(closed.state.used).map((credit) => credit.teacherId),
    ...teachers(withConfig)
      .filter((teacher) => Object.values(teacher.bookings).some((b) => b.customerId === customerId))
      .map((teacher) => teacher.teacherId),
  ]);
  const appended: (TeacherEvent | LessonCreditEvent)[] = [...closed.events];
  let position = closed.position ?? -1;
  const told: { teacher: Teacher; bookingId: string; startsAt: string }[] = [];
  for (const teacherId of [...teacherIds].sort()) {
    const result = await runTeacher(withConfig, teacherId, {
      type: 'EraseCustomerLessons',
      data: { customerId },
    });
    appended.push(...result.events);
    position = Math.max(position, result.position ?? -1);
    for (const event of result.events)
      if (event.type === 'TeacherLessonCancelled' && event.data.startsAt)
        told.push({
          teacher: result.state as Teacher,
          bookingId: event.data.bookingId,
          startsAt: event.data.startsAt,
        });
  }
  if (position >= 0) await backend.projections.waitFor(position);
  for (const { teacher, bookingId, startsAt } of told)
    await mailLessonParties(
      withConfig,
      teacher,
      customerId,
      teacher.timeZone,
      bookingId,
      new Date(startsAt),
      'cancelled',
      ['teacher'],
    );
  return appended;
};
