import { takeTeachesPlans, withTakeTallies, type DailyPositionTallies } from '@stickwork/domain';
import { match } from 'ts-pattern';
import { customerKeyOf } from './customer-key.js';
import { practiceFoldEvents } from './practice-event.js';
import { defineProjection } from './projection.js';

/** Per customer: the figures per voice and position of their takes, day by day (the latest 8 weeks). */
export interface TimingPositionsModel {
  days: DailyPositionTallies;
}

const events = practiceFoldEvents('TimingScored', 'PracticeHistoryErased', 'CustomerErased');

/**
 * `timing_positions`: what GET /api/timing/weak-spots and the schedule's weak-spot lesson read. Takes
 * without figures per position (recorded before takes had them), short ones and uncalibrated ones
 * (`takeTeachesPlans`) add nothing. Erased with the practice
 * history and with the customer.
 */
export const timingPositionsProjection = defineProjection<TimingPositionsModel>({
  name: 'timing_positions',
  canHandle: events.canHandle,
  keyOf: customerKeyOf,
  initialState: () => ({ days: {} }),
  evolve: (model, event) =>
    match(events.read(event))
      .returnType<TimingPositionsModel | null>()
      .with(undefined, () => model)
      .with({ type: 'CustomerErased' }, { type: 'PracticeHistoryErased' }, () => null)
      .with({ type: 'TimingScored' }, ({ data: take }) => {
        // An uncalibrated take is late by whatever the setup adds: that is no weak spot of the drummer's.
        if (!takeTeachesPlans(take)) return model;
        const days = withTakeTallies(model.days, take.day, take.byPosition);
        return days === model.days ? model : { days };
      })
      .exhaustive(),
});
