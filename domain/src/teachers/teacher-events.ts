import type { DomainEvent } from '../decider/decider.js';

/**
 * Teacher lessons of the exclusive tier (issue 17). `teacher-<teacherId>`: the teacher (name, email,
 * zone), their weekly availability and the lessons booked with them; appended with expected
 * revisions, so one slot is never booked twice. `lesson-credits-<customerId>`: the customer's
 * lesson credits, one per calendar quarter.
 */
export const teacherStreamId = (teacherId: string): string => `teacher-${teacherId}`;
export const lessonCreditsStreamId = (customerId: string): string => `lesson-credits-${customerId}`;

/** A weekly slot in the teacher's zone: ISO weekday (1 Monday ... 7 Sunday) and start 'HH:mm'. */
export interface WeeklySlot {
  weekday: number;
  start: string;
}

export type TeacherAdded = DomainEvent<
  'TeacherAdded',
  { teacherId: string; name: string; email: string; timeZone: string; addedAt: string }
>;
export type TeacherAvailabilitySet = DomainEvent<
  'TeacherAvailabilitySet',
  { slots: WeeklySlot[]; setAt: string }
>;
export type TeacherLessonBooked = DomainEvent<
  'TeacherLessonBooked',
  { bookingId: string; customerId: string; startsAt: string; bookedAt: string }
>;
export type TeacherLessonCancelled = DomainEvent<
  'TeacherLessonCancelled',
  { bookingId: string; customerId: string; cancelledAt: string }
>;
export type TeacherEvent =
  TeacherAdded | TeacherAvailabilitySet | TeacherLessonBooked | TeacherLessonCancelled;

export const teacherEventSchemaVersions: Record<TeacherEvent['type'], number> = {
  TeacherAdded: 1,
  TeacherAvailabilitySet: 1,
  TeacherLessonBooked: 1,
  TeacherLessonCancelled: 1,
};

/**
 * The customer's credit of a calendar quarter ('2026-Q2'), the state of the booking process (credit
 * first, then the slot on the teacher's stream): `LessonCreditUsed` holds it for a booking and
 * records the intended slot, `LessonCreditConfirmed` records that the slot is booked, and
 * `LessonCreditReturned` gives it back, with why.
 */
export type LessonCreditUsed = DomainEvent<
  'LessonCreditUsed',
  { bookingId: string; quarter: string; teacherId: string; startsAt: string; usedAt: string }
>;
export type LessonCreditConfirmed = DomainEvent<
  'LessonCreditConfirmed',
  { bookingId: string; quarter: string; confirmedAt: string }
>;
/**
 * `slot_refused`: the teacher's stream refused the slot; `lesson_cancelled`: the lesson was cancelled;
 * `booking_unfinished`: the sweep found the credit held without its lesson booked. Absent in events
 * written before the booking process recorded it (a refused slot or a cancellation).
 */
export type LessonCreditReturnReason = 'slot_refused' | 'lesson_cancelled' | 'booking_unfinished';
export type LessonCreditReturned = DomainEvent<
  'LessonCreditReturned',
  { bookingId: string; quarter: string; returnedAt: string; reason?: LessonCreditReturnReason }
>;
export type LessonCreditEvent = LessonCreditUsed | LessonCreditConfirmed | LessonCreditReturned;

export const lessonCreditEventSchemaVersions: Record<LessonCreditEvent['type'], number> = {
  LessonCreditUsed: 1,
  LessonCreditConfirmed: 1,
  LessonCreditReturned: 1,
};
