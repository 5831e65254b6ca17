import { match } from 'ts-pattern';
import type { Decider, DomainCommand } from '../decider/decider.js';
import { DomainError } from '../errors/domain-error.js';
import type { LessonCreditEvent, LessonCreditReturnReason } from './teacher-events.js';
import { UNFINISHED_BOOKING_MINUTES } from './teacher-slots.js';

/**
 * A credit in use, held by one booking. `confirmed`: its lesson is booked on the teacher's stream
 * (false while the booking is under way, or when it was cut short).
 */
export interface LessonCreditInUse {
  bookingId: string;
  teacherId: string;
  startsAt: string;
  usedAt: string;
  confirmed: boolean;
}

/**
 * The customer's credits in use by calendar quarter (one lesson per quarter). `closed`: the account
 * is being erased, the stream takes no credit any more.
 */
export interface LessonCreditState {
  used: Record<string, LessonCreditInUse>;
  closed?: boolean;
}

export const initialLessonCreditState = (): LessonCreditState => ({ used: {} });

const heldBy = (state: LessonCreditState, bookingId: string) =>
  Object.entries(state.used).find(([, credit]) => credit.bookingId === bookingId);

export const evolveLessonCredits = (
  state: LessonCreditState,
  event: LessonCreditEvent,
): LessonCreditState => {
  return match(event)
    .returnType<LessonCreditState>()
    .with({ type: 'LessonCreditUsed' }, ({ data }) => {
      const { quarter, bookingId, teacherId, startsAt, usedAt } = data;
      return {
        ...state,
        used: { ...state.used, [quarter]: { bookingId, teacherId, startsAt, usedAt, confirmed: false } },
      };
    })
    .with({ type: 'LessonCreditConfirmed' }, ({ data }) => {
      const credit = state.used[data.quarter];
      return credit?.bookingId === data.bookingId
        ? { ...state, used: { ...state.used, [data.quarter]: { ...credit, confirmed: true } } }
        : state;
    })
    .with({ type: 'LessonCreditReturned' }, ({ data }) => {
      const { [data.quarter]: returned, ...used } = state.used;
      return returned?.bookingId === data.bookingId ? { ...state, used } : state;
    })
    .with({ type: 'LessonCreditsClosed' }, () => ({ ...state, closed: true }))
    .exhaustive();
};

type Command<Type extends string, Data = Record<string, never>> = DomainCommand<Type, Data>;
/** Taken before the slot is booked, with the stream's expected revision: two bookings at once cannot both take it. */
export type UseLessonCredit = Command<
  'UseLessonCredit',
  { bookingId: string; quarter: string; teacherId: string; startsAt: string }
>;
/** The slot was refused or the lesson cancelled: the booking's credit returns (nothing if it has already). */
export type ReturnLessonCredit = Command<
  'ReturnLessonCredit',
  { bookingId: string; reason: Exclude<LessonCreditReturnReason, 'booking_unfinished'> }
>;
/**
 * The booking process's step after the teacher's stream was read (`booked`: the booking's lesson is
 * booked there now): a held credit whose lesson is booked is confirmed; a credit whose lesson is not
 * booked is returned once it has been in use for `UNFINISHED_BOOKING_MINUTES` (until then a booking
 * may still be under way). Settling twice, or at once from two processes, records it once.
 */
export type SettleLessonCredit = Command<'SettleLessonCredit', { bookingId: string; booked: boolean }>;
/** Erasure: the stream is closed (once); the credits in use stay in the state, for the erasure to release. */
export type CloseLessonCredits = Command<'CloseLessonCredits'>;
export type LessonCreditCommand =
  UseLessonCredit | ReturnLessonCredit | SettleLessonCredit | CloseLessonCredits;

export const decideLessonCredits = (
  command: LessonCreditCommand,
  state: LessonCreditState,
): LessonCreditEvent[] => {
  const now = command.metadata.now;
  const returned = (
    bookingId: string,
    quarter: string,
    reason: LessonCreditReturnReason,
  ): LessonCreditEvent[] => [
    { type: 'LessonCreditReturned', data: { bookingId, quarter, returnedAt: now.toISOString(), reason } },
  ];
  if (state.closed) {
    // A closed stream records nothing more; what would take or keep a credit is refused.
    if (command.type === 'UseLessonCredit' || command.type === 'SettleLessonCredit')
      throw new DomainError('customer_erased', 'This account has been deleted.');
    return [];
  }
  return match(command)
    .returnType<LessonCreditEvent[]>()
    .with({ type: 'CloseLessonCredits' }, () => [
      { type: 'LessonCreditsClosed', data: { closedAt: now.toISOString() } },
    ])
    .with({ type: 'UseLessonCredit' }, ({ data }) => {
      const { quarter } = data;
      if (state.used[quarter])
        throw new DomainError(
          'quarter_used',
          `You have booked your teacher lesson of ${quarter.replace('-', ' ')} already: one lesson per quarter.`,
        );
      return [{ type: 'LessonCreditUsed', data: { ...data, usedAt: now.toISOString() } }];
    })
    .with({ type: 'ReturnLessonCredit' }, ({ data }) => {
      const held = heldBy(state, data.bookingId);
      return held ? returned(data.bookingId, held[0], data.reason) : [];
    })
    .with({ type: 'SettleLessonCredit' }, ({ data }) => {
      const held = heldBy(state, data.bookingId);
      if (!held) return [];
      const [quarter, credit] = held;
      if (data.booked)
        return credit.confirmed
          ? []
          : [
              {
                type: 'LessonCreditConfirmed',
                data: { bookingId: data.bookingId, quarter, confirmedAt: now.toISOString() },
              },
            ];
      if (now.getTime() - Date.parse(credit.usedAt) < UNFINISHED_BOOKING_MINUTES * 60_000) return [];
      return returned(data.bookingId, quarter, credit.confirmed ? 'lesson_cancelled' : 'booking_unfinished');
    })
    .exhaustive();
};

export const lessonCreditDecider: Decider<LessonCreditState, LessonCreditCommand, LessonCreditEvent> = {
  initialState: initialLessonCreditState,
  evolve: evolveLessonCredits,
  decide: decideLessonCredits,
};
