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
  switch (event.type) {
    case 'LessonCreditUsed': {
      const { quarter, bookingId, teacherId, startsAt } = event.data;
      return { used: { ...state.used, [quarter]: { bookingId, teacherId, startsAt } } };
    }
    case 'LessonCreditReturned': {
      const { [event.data.quarter]: returned, ...used } = state.used;
      return returned?.bookingId === event.data.bookingId ? { used } : state;
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
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
  switch (command.type) {
    case 'UseLessonCredit': {
      const { quarter } = command.data;
      if (state.used[quarter])
        throw new DomainError(
          'quarter_used',
          `You have booked your teacher lesson of ${quarter.replace('-', ' ')} already: one lesson per quarter.`,
        );
      return [{ type: 'LessonCreditUsed', data: { ...command.data, usedAt: now } }];
    }
    case 'ReturnLessonCredit': {
      const { bookingId, quarter } = command.data;
      return state.used[quarter]?.bookingId === bookingId
        ? [{ type: 'LessonCreditReturned', data: { bookingId, quarter, returnedAt: now } }]
        : [];
    }
    default: {
      const _exhaustive: never = command;
      throw new DomainError('invalid_input', `Unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
};

export const lessonCreditDecider: Decider<LessonCreditState, LessonCreditCommand, LessonCreditEvent> = {
  initialState: initialLessonCreditState,
  evolve: evolveLessonCredits,
  decide: decideLessonCredits,
};
