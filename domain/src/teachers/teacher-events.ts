import type { DomainEvent } from '../decider/decider.js';

/**
 * Teacher lessons of the exclusive tier. `teacher-<teacherId>`: the teacher (name, email,
 * zone, meeting link), their weekly availability and the lessons booked with them; appended with expected
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
/** Where the teacher's online lessons happen (a video-call room), set by an operator; https only. */
export type TeacherMeetingLinkSet = DomainEvent<
  'TeacherMeetingLinkSet',
  { meetingLink: string; setAt: string }
>;
export type TeacherLessonBooked = DomainEvent<
  'TeacherLessonBooked',
  { bookingId: string; customerId: string; startsAt: string; bookedAt: string }
>;
/**
 * Who ended a lesson: the customer (up to 24 hours before), the erasure of their account, the end of
 * their Exclusive plan, or the booking sweep (`booking_unfinished`: the lesson landed after its
 * credit had gone back, so no credit pays for it). `reason` and `startsAt` are absent in events
 * written before they were recorded (a customer's cancellation or an erasure).
 */
export type TeacherLessonCancelReason =
  'customer_cancelled' | 'account_erased' | 'plan_ended' | 'booking_unfinished';
export type TeacherLessonCancelled = DomainEvent<
  'TeacherLessonCancelled',
  {
    bookingId: string;
    customerId: string;
    cancelledAt: string;
    startsAt?: string;
    reason?: TeacherLessonCancelReason;
  }
>;
/**
 * The customer's account is erased: this teacher's stream takes no booking of theirs any more, so a
 * booking under way when the erasure ran cannot land after it.
 */
export type TeacherCustomerErased = DomainEvent<
  'TeacherCustomerErased',
  { customerId: string; erasedAt: string }
>;
export type TeacherEvent =
  | TeacherAdded
  | TeacherAvailabilitySet
  | TeacherMeetingLinkSet
  | TeacherLessonBooked
  | TeacherLessonCancelled
  | TeacherCustomerErased;

export const teacherEventSchemaVersions: Record<TeacherEvent['type'], number> = {
  TeacherAdded: 1,
  TeacherAvailabilitySet: 1,
  TeacherMeetingLinkSet: 1,
  TeacherLessonBooked: 1,
  TeacherLessonCancelled: 1,
  TeacherCustomerErased: 1,
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
 * `booking_unfinished`: the sweep found the credit held without its lesson booked; `plan_ended`: the
 * customer's Exclusive plan ended before the lesson. Absent in events written before the booking
 * process recorded it (a refused slot or a cancellation).
 */
export type LessonCreditReturnReason =
  'slot_refused' | 'lesson_cancelled' | 'booking_unfinished' | 'plan_ended';
export type LessonCreditReturned = DomainEvent<
  'LessonCreditReturned',
  { bookingId: string; quarter: string; returnedAt: string; reason?: LessonCreditReturnReason }
>;
/**
 * The account is being erased: the stream takes no credit any more (nor a booking's confirmation),
 * and it stays, closed, so no booking under way can start it again under the erased id. It holds
 * booking and teacher ids, quarters and times, no name or address.
 */
export type LessonCreditsClosed = DomainEvent<'LessonCreditsClosed', { closedAt: string }>;
export type LessonCreditEvent =
  LessonCreditUsed | LessonCreditConfirmed | LessonCreditReturned | LessonCreditsClosed;

export const lessonCreditEventSchemaVersions: Record<LessonCreditEvent['type'], number> = {
  LessonCreditUsed: 1,
  LessonCreditConfirmed: 1,
  LessonCreditReturned: 1,
  LessonCreditsClosed: 1,
};
