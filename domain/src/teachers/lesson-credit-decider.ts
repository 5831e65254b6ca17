import { match } from 'ts-pattern';
import type { Decider, DomainCommand } from '../decider/decider.js';
import { DomainError } from '../errors/domain-error.js';
import type { LessonCreditEvent } from './teacher-events.js';

/** The customer's credits in use: bookingId by calendar quarter (one lesson per quarter). */
export interface LessonCreditState {
  used: Record<string, { bookingId: string; teacherId: string; startsAt: string }>;
}

export const initialLessonCreditState = (): LessonCreditState => ({ used: {} });

export const evolveLessonCredits = (
  state: LessonCreditState,
  event: LessonCreditEvent,
): LessonCreditState => {
  return match(event)
    .returnType<LessonCreditState>()
    .with({ type: 'LessonCreditUsed' }, ({ data }) => {
      const { quarter, bookingId, teacherId, startsAt } = data;
      return { used: { ...state.used, [quarter]: { bookingId, teacherId, startsAt } } };
    })
    .with({ type: 'LessonCreditReturned' }, ({ data }) => {
      const { [data.quarter]: returned, ...used } = state.used;
      return returned?.bookingId === data.bookingId ? { used } : state;
    })
    .exhaustive();
};

type Command<Type extends string, Data = Record<string, never>> = DomainCommand<Type, Data>;
/** Taken before the slot is booked, with the stream's expected revision: two bookings at once cannot both take it. */
export type UseLessonCredit = Command<
  'UseLessonCredit',
  { bookingId: string; quarter: string; teacherId: string; startsAt: string }
>;
export type ReturnLessonCredit = Command<'ReturnLessonCredit', { bookingId: string; quarter: string }>;
export type LessonCreditCommand = UseLessonCredit | ReturnLessonCredit;

export const decideLessonCredits = (
  command: LessonCreditCommand,
  state: LessonCreditState,
): LessonCreditEvent[] => {
  const now = command.metadata.now.toISOString();
  return match(command)
    .returnType<LessonCreditEvent[]>()
    .with({ type: 'UseLessonCredit' }, ({ data }) => {
      const { quarter } = data;
      if (state.used[quarter])
        throw new DomainError(
          'quarter_used',
          `You have booked your teacher lesson of ${quarter.replace('-', ' ')} already: one lesson per quarter.`,
        );
      return [{ type: 'LessonCreditUsed', data: { ...data, usedAt: now } }];
    })
    .with({ type: 'ReturnLessonCredit' }, ({ data }) => {
      const { bookingId, quarter } = data;
      return state.used[quarter]?.bookingId === bookingId
        ? [{ type: 'LessonCreditReturned', data: { bookingId, quarter, returnedAt: now } }]
        : [];
    })
    .exhaustive();
};

export const lessonCreditDecider: Decider<LessonCreditState, LessonCreditCommand, LessonCreditEvent> = {
  initialState: initialLessonCreditState,
  evolve: evolveLessonCredits,
  decide: decideLessonCredits,
};
