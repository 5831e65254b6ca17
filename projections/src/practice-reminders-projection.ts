import {
  evolveReminders,
  initialReminderState,
  reminderEventSchemaVersions,
  toDomainEvents,
  type ReminderEvent,
  type ReminderState,
} from '@stickwork/domain';
import { customerKeyOf, isCustomerErased } from './customer-key.js';
import { defineProjection } from './projection.js';

const REMINDER_EVENT_TYPES = Object.keys(reminderEventSchemaVersions);

/**
 * Per customer: the practice reminder settings and the last day a reminder went out,
 * from the `reminders-<id>` stream; the scheduler lists the customers with reminders on from it.
 * Scrubbed when the account is erased.
 */
export const practiceRemindersProjection = defineProjection<ReminderState>({
  name: 'practice_reminders',
  canHandle: [...REMINDER_EVENT_TYPES, 'CustomerErased'],
  keyOf: (event) => {
    if (isCustomerErased(event)) return customerKeyOf(event);
    const match = /^reminders-(.+)$/.exec(event.streamId);
    return match ? match[1]! : null;
  },
  initialState: initialReminderState,
  evolve: (state, event) => {
    if (isCustomerErased(event)) return null;
    const [reminderEvent] = toDomainEvents<ReminderEvent>([event], reminderEventSchemaVersions);
    return reminderEvent ? evolveReminders(state, reminderEvent) : state;
  },
});
