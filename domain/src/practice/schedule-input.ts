import { customerDay, type Plan } from '../rules/usage.js';
import type { CatalogueIndex } from '../scheduler/catalogue-index.js';
import {
  generateSchedule,
  type GenerateScheduleInput,
  type SkillPreference,
} from '../scheduler/generate-schedule.js';
import type { PracticeSchedule } from '../scheduler/practice-schedule.js';
import type { WeakSpot } from '../timing/weak-spots.js';
import { usageOn } from './practice-queries.js';
import type { PracticeState } from './practice-state.js';

export interface ScheduleInputRequest {
  catalogue: CatalogueIndex;
  skills: readonly SkillPreference[];
  practiceTime: number;
  padSufficient: boolean;
  plan: Plan;
  /** The `time-zone` header; invalid or missing is UTC. */
  timeZone?: string | null;
  now: Date;
  seed: number;
  /** What a zone change adds to (or takes from) today's count (`zoneChangeUsageAdjustment`). */
  zoneChangeAdjustment?: number;
  /** The drummer's worst weak spot (the `timing_positions` read model), if any. */
  weakSpot?: WeakSpot;
}

/**
 * The scheduler's input from a customer's practice state: today's usage in their zone and their
 * evaluation history. The schedule handler: fold the practice stream, `generateSchedule(
 * scheduleInputFor(state, request))`, then decide `ScheduleSession` with the schedule.
 */
export const scheduleInputFor = (
  state: PracticeState,
  request: ScheduleInputRequest,
): GenerateScheduleInput => {
  const { timeZone, zoneChangeAdjustment = 0, ...input } = request;
  return {
    ...input,
    lessonsUsedToday: usageOn(state, customerDay(request.now, timeZone)) + zoneChangeAdjustment,
    evaluations: state.evaluations,
    takeHistory: state.takeHistory,
    returnsDue: state.returnsDue,
  };
};

/** What a session is generated from, besides the state and the clock (the `GenerateSession` command). */
export type SessionRequest = Omit<ScheduleInputRequest, 'now'>;

/** The session a `GenerateSession` decides on `state` at `now`: the same input gives the same schedule. */
export const sessionScheduleFor = (
  state: PracticeState,
  request: SessionRequest,
  now: Date,
): PracticeSchedule => generateSchedule(scheduleInputFor(state, { ...request, now }));
