import { match } from 'ts-pattern';
import type { Decider, DomainCommand } from '../decider/decider.js';
import { DomainError } from '../errors/domain-error.js';
import { resolveTimeZone } from '../calendar/time-zone.js';
import { meetingLinkSchema } from '../schemas/meeting-link.js';
import type { TeacherEvent, TeacherLessonCancelReason, WeeklySlot } from './teacher-events.js';
import {
  BOOKING_HOLD_MINUTES,
  BOOKING_WEEKS_AHEAD,
  bookingHorizonEnd,
  CANCELLATION_HOURS,
  isSlotStart,
  TEACHER_LESSON_MINUTES,
  isWeeklySlot,
  lessonsOverlap,
  weeklySlotsOverlap,
  weeklySlotText,
} from './teacher-slots.js';

export interface TeacherBooking {
  bookingId: string;
  customerId: string;
  startsAt: string;
}

export type TeacherState =
  | { status: 'none' }
  | {
      status: 'added';
      teacherId: string;
      name: string;
      email: string;
      timeZone: string;
      slots: WeeklySlot[];
      /** Where the lessons happen; absent until an operator sets it (and in older read models). */
      meetingLink?: string;
      /** Active bookings by start instant (ISO). */
      bookings: Record<string, TeacherBooking>;
      /** Customers whose accounts are erased: no booking of theirs is taken (absent in older read models). */
      erasedCustomers?: string[];
    };

export const initialTeacherState = (): TeacherState => ({ status: 'none' });

export const evolveTeacher = (state: TeacherState, event: TeacherEvent): TeacherState => {
  if (event.type === 'TeacherAdded') {
    const { teacherId, name, email, timeZone } = event.data;
    return {
      status: 'added',
      teacherId,
      name,
      email,
      timeZone,
      slots: [],
      bookings: {},
      erasedCustomers: [],
    };
  }
  if (state.status !== 'added') return state;
  return match(event)
    .returnType<TeacherState>()
    .with({ type: 'TeacherAvailabilitySet' }, ({ data }) => ({ ...state, slots: data.slots }))
    .with({ type: 'TeacherMeetingLinkSet' }, ({ data }) => ({ ...state, meetingLink: data.meetingLink }))
    .with({ type: 'TeacherLessonBooked' }, ({ data }) => {
      const { bookingId, customerId, startsAt } = data;
      return { ...state, bookings: { ...state.bookings, [startsAt]: { bookingId, customerId, startsAt } } };
    })
    .with({ type: 'TeacherLessonCancelled' }, ({ data }) => {
      const bookings = Object.fromEntries(
        Object.entries(state.bookings).filter(([, booking]) => booking.bookingId !== data.bookingId),
      );
      return { ...state, bookings };
    })
    .with({ type: 'TeacherCustomerErased' }, ({ data }) => ({
      ...state,
      erasedCustomers: [...(state.erasedCustomers ?? []), data.customerId],
    }))
    .exhaustive();
};

type Command<Type extends string, Data = Record<string, never>> = DomainCommand<Type, Data>;
export type AddTeacher = Command<
  'AddTeacher',
  { teacherId: string; name: string; email: string; timeZone: string }
>;
export type SetAvailability = Command<'SetAvailability', { slots: WeeklySlot[] }>;
/** Sets (or replaces) the teacher's meeting link; booked lessons show the new one. */
export type SetMeetingLink = Command<'SetMeetingLink', { meetingLink: string }>;
/**
 * `heldSince`: when the customer's credit was taken for this booking (the booking process); past
 * the hold the booking is refused, since the sweep may return that credit. `exclusiveUntil`: when
 * the customer's Exclusive plan ends (a cancellation is scheduled), null while it renews; a lesson
 * must end by then.
 */
export type BookTeacherLesson = Command<
  'BookTeacherLesson',
  { bookingId: string; customerId: string; startsAt: Date; heldSince: Date; exclusiveUntil?: Date | null }
>;
/**
 * `reason` (default `customer_cancelled`): only the customer's own cancellation must come 24 hours
 * before the start; an erased account or an ended plan frees the slot at any time.
 */
export type CancelTeacherLesson = Command<
  'CancelTeacherLesson',
  { bookingId: string; customerId: string; reason?: TeacherLessonCancelReason }
>;
/**
 * Erasure of the customer's account, in one append: their future lessons are cancelled and the
 * stream takes no booking of theirs from then on. Nothing for an unknown teacher, nor twice.
 */
export type EraseCustomerLessons = Command<'EraseCustomerLessons', { customerId: string }>;
export type TeacherCommand =
  | AddTeacher
  | SetAvailability
  | SetMeetingLink
  | BookTeacherLesson
  | CancelTeacherLesson
  | EraseCustomerLessons;

const added = (state: TeacherState) => {
  if (state.status !== 'added') throw new DomainError('not_found', 'There is no such teacher.');
  return state;
};

const lessonEnd = (startsAt: Date) => startsAt.getTime() + TEACHER_LESSON_MINUTES * 60_000;

const cancellation = (
  booking: TeacherBooking,
  reason: TeacherLessonCancelReason,
  now: Date,
): TeacherEvent => ({
  type: 'TeacherLessonCancelled',
  data: {
    bookingId: booking.bookingId,
    customerId: booking.customerId,
    cancelledAt: now.toISOString(),
    startsAt: booking.startsAt,
    reason,
  },
});

export const decideTeacher = (command: TeacherCommand, state: TeacherState): TeacherEvent[] => {
  const now = command.metadata.now;
  return match(command)
    .returnType<TeacherEvent[]>()
    .with({ type: 'AddTeacher' }, ({ data }) => {
      const { teacherId, name, email, timeZone } = data;
      if (state.status === 'added')
        throw new DomainError('invalid_transition', `Teacher ${teacherId} exists already.`);
      if (name.trim() === '') throw new DomainError('invalid_input', 'A teacher needs a name.');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        throw new DomainError('invalid_input', 'A teacher needs an email address.');
      if (resolveTimeZone(timeZone) !== timeZone)
        throw new DomainError('invalid_input', `${timeZone} is not a time zone (e.g. Europe/Berlin).`);
      return [
        {
          type: 'TeacherAdded',
          data: { teacherId, name: name.trim(), email, timeZone, addedAt: now.toISOString() },
        },
      ];
    })
    .with({ type: 'SetAvailability' }, ({ data }) => {
      added(state);
      const { slots } = data;
      if (!slots.every(isWeeklySlot))
        throw new DomainError('invalid_input', 'A slot is a weekday 1-7 (Monday first) and a start HH:mm.');
      const unique = [...new Map(slots.map((slot) => [`${slot.weekday} ${slot.start}`, slot])).values()].sort(
        (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
      );
      for (const [index, slot] of unique.entries()) {
        const clash = unique.slice(index + 1).find((other) => weeklySlotsOverlap(slot, other));
        if (clash) {
          // Named in week order, Sunday before the Monday it runs into.
          const [first, second] = clash.weekday - slot.weekday > 3 ? [clash, slot] : [slot, clash];
          throw new DomainError(
            'invalid_input',
            `${weeklySlotText(first)} and ${weeklySlotText(second)} overlap: a lesson lasts ${TEACHER_LESSON_MINUTES} minutes.`,
          );
        }
      }
      return [{ type: 'TeacherAvailabilitySet', data: { slots: unique, setAt: now.toISOString() } }];
    })
    .with({ type: 'SetMeetingLink' }, ({ data }) => {
      const teacher = added(state);
      const parsed = meetingLinkSchema.safeParse(data.meetingLink);
      if (!parsed.success)
        throw new DomainError(
          'invalid_input',
          `"${data.meetingLink}" is not a meeting link: ${parsed.error.issues[0]!.message}.`,
        );
      if (parsed.data === teacher.meetingLink) return [];
      return [
        { type: 'TeacherMeetingLinkSet', data: { meetingLink: parsed.data, setAt: now.toISOString() } },
      ];
    })
    .with({ type: 'BookTeacherLesson' }, ({ data }) => {
      const teacher = added(state);
      const { bookingId, customerId, startsAt, heldSince, exclusiveUntil } = data;
      if (teacher.erasedCustomers?.includes(customerId))
        throw new DomainError('customer_erased', 'This account has been deleted.');
      if (startsAt.getTime() <= now.getTime())
        throw new DomainError('invalid_input', 'This slot is in the past.');
      // Before any calendar arithmetic: an instant years ahead never reaches the day functions.
      if (startsAt.getTime() >= bookingHorizonEnd(teacher.timeZone, now).getTime())
        throw new DomainError(
          'invalid_input',
          `Lessons can be booked up to ${BOOKING_WEEKS_AHEAD} weeks ahead. Please choose an offered slot.`,
        );
      if (exclusiveUntil && lessonEnd(startsAt) > exclusiveUntil.getTime())
        throw new DomainError(
          'invalid_input',
          `Your Exclusive plan ends on ${exclusiveUntil.toISOString().slice(0, 10)}: please choose a lesson before then.`,
        );
      if (!isSlotStart(teacher.slots, teacher.timeZone, startsAt))
        throw new DomainError('invalid_input', 'The teacher does not teach at this time.');
      const holder = teacher.bookings[startsAt.toISOString()];
      // A second click on the slot one just booked is not someone else's booking.
      if (holder?.customerId === customerId)
        throw new DomainError('slot_taken', 'You have booked this slot already: it is in your lessons.');
      if (holder)
        throw new DomainError(
          'slot_taken',
          'This slot has just been booked by someone else. Please choose another.',
        );
      // Every booked lesson's full length, not only its start (slots set before the overlap rule).
      if (Object.keys(teacher.bookings).some((booked) => lessonsOverlap(booked, startsAt)))
        throw new DomainError(
          'slot_taken',
          'This slot overlaps a lesson booked with this teacher. Please choose another.',
        );
      if (now.getTime() - heldSince.getTime() > BOOKING_HOLD_MINUTES * 60_000)
        throw new DomainError('invalid_transition', 'This booking took too long. Please try again.');
      return [
        {
          type: 'TeacherLessonBooked',
          data: { bookingId, customerId, startsAt: startsAt.toISOString(), bookedAt: now.toISOString() },
        },
      ];
    })
    .with({ type: 'CancelTeacherLesson' }, ({ data }) => {
      const teacher = added(state);
      const booking = Object.values(teacher.bookings).find((b) => b.bookingId === data.bookingId);
      if (!booking || booking.customerId !== data.customerId)
        throw new DomainError('not_found', 'There is no such booking.');
      const reason = data.reason ?? 'customer_cancelled';
      if (
        reason === 'customer_cancelled' &&
        Date.parse(booking.startsAt) - now.getTime() < CANCELLATION_HOURS * 3_600_000
      )
        throw new DomainError(
          'invalid_transition',
          `A lesson can be cancelled up to ${CANCELLATION_HOURS} hours before it starts.`,
        );
      return [cancellation(booking, reason, now)];
    })
    .with({ type: 'EraseCustomerLessons' }, ({ data }) => {
      if (state.status !== 'added') return [];
      const cancelled = Object.values(state.bookings)
        .filter(
          (booking) => booking.customerId === data.customerId && Date.parse(booking.startsAt) > now.getTime(),
        )
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
        .map((booking) => cancellation(booking, 'account_erased', now));
      if (state.erasedCustomers?.includes(data.customerId)) return cancelled;
      return [
        ...cancelled,
        { type: 'TeacherCustomerErased', data: { customerId: data.customerId, erasedAt: now.toISOString() } },
      ];
    })
    .exhaustive();
};

export const teacherDecider: Decider<TeacherState, TeacherCommand, TeacherEvent> = {
  initialState: initialTeacherState,
  evolve: evolveTeacher,
  decide: decideTeacher,
};
