import {
  DEFAULT_REMINDER_SETTINGS,
  handleCommand,
  reminderDecider,
  reminderDueDay,
  reminderEventSchemaVersions,
  remindersStreamId,
  type ReminderCommand,
  type ReminderSettings,
  type ReminderState,
} from '@stickwork/domain';
import {
  customerDirectoryProjection,
  practiceHeatmapProjection,
  practiceRemindersProjection,
  type CustomerDirectoryEntry,
  type PracticeHeatmapModel,
} from '@stickwork/projections';
import type { Backend } from '../backend.js';
import { practiceReminderMail } from './reminder-mail.js';
import { reminderUnsubscribeSecret } from './reminder-unsubscribe-secret.js';

export type ReminderBackend = Pick<
  Backend,
  'store' | 'readModels' | 'projections' | 'clock' | 'mailer' | 'logger' | 'jwtSecret' | 'config'
>;

/** How often the server looks for due reminders. */
export const REMINDER_SWEEP_MS = 60_000;

const run = async (
  backend: Pick<Backend, 'store' | 'clock'>,
  customerId: string,
  command: Omit<ReminderCommand, 'metadata'>,
) =>
  handleCommand(backend.store, remindersStreamId(customerId), reminderDecider, reminderEventSchemaVersions, {
    ...command,
    metadata: { now: backend.clock() },
  } as ReminderCommand);

/** GET /api/reminders: the customer's settings (off, Mon/Wed/Fri 18:00 until they choose). */
export const reminderSettings = (
  backend: Pick<Backend, 'readModels'>,
  customerId: string,
): ReminderSettings => {
  const state = backend.readModels.get<ReminderState>(practiceRemindersProjection.name, customerId);
  const { enabled, days, hour } = state ?? DEFAULT_REMINDER_SETTINGS;
  return { enabled, days, hour };
};

/** PUT /api/reminders (account settings). */
export const changeReminderSettings = async (
  backend: Pick<Backend, 'store' | 'clock' | 'projections'>,
  customerId: string,
  settings: ReminderSettings,
) => {
  const result = await run(backend, customerId, { type: 'SetReminders', data: settings });
  if (result.position !== null) await backend.projections.waitFor(result.position);
};

/** The one-click unsubscribe link was followed (no login). */
export const unsubscribeReminders = async (
  backend: Pick<Backend, 'store' | 'clock' | 'projections'>,
  customerId: string,
) => {
  const result = await run(backend, customerId, { type: 'UnsubscribeReminders', data: {} });
  if (result.position !== null) await backend.projections.waitFor(result.position);
};

export const unsubscribeLinkFor = (backend: Pick<Backend, 'jwtSecret' | 'config'>, customerId: string) =>
  `${backend.config.publicUrl}/api/reminders/unsubscribe?secret=${encodeURIComponent(
    reminderUnsubscribeSecret(backend.jwtSecret, customerId),
  )}`;

/**
 * One sweep of the scheduler: for each customer with reminders on whose reminder is due now in their
 * pinned zone (and not yet sent for that day), unless they practised that day already, the sending
 * is recorded first (`PracticeReminderSent`, appended with the stream's expected revision) and only
 * the process whose append won mails it. Restarts and several processes therefore never send a day
 * twice; a mail that fails after the record is logged and not retried (at most once, never twice).
 * Only a confirmed email address is mailed. Returns the number of reminders sent.
 */
export const sendDueReminders = async (backend: ReminderBackend): Promise<number> => {
  const now = backend.clock();
  let sent = 0;
  for (const { key: customerId, state } of backend.readModels.list<ReminderState>(
    practiceRemindersProjection.name,
  )) {
    if (!state.enabled) continue;
    const customer = backend.readModels.get<CustomerDirectoryEntry>(
      customerDirectoryProjection.name,
      customerId,
    );
    if (!customer || !customer.emailVerified || customer.erasureRequested) continue;
    const timeZone = customer.account.timeZone ?? 'UTC';
    const day = reminderDueDay(state, now, timeZone);
    if (day === null || (state.lastSentDay !== null && day <= state.lastSentDay)) continue;
    const heatmap = backend.readModels.get<PracticeHeatmapModel>(practiceHeatmapProjection.name, customerId);
    if (heatmap?.days[day]) continue; // practised today already: no reminder needed
    try {
      const { events } = await run(backend, customerId, { type: 'SendReminder', data: { day } });
      if (events.length === 0) continue; // another process took it, or the settings changed meanwhile
      await backend.mailer.send(
        practiceReminderMail(
          customer.email,
          customer.firstname,
          `${backend.config.publicUrl}/launch-overview`,
          unsubscribeLinkFor(backend, customerId),
        ),
      );
      sent += 1;
    } catch (error) {
      // The error itself stays out of the log: a mail server's message may quote the address.
      const code = (error as { code?: unknown }).code;
      backend.logger.error(
        { customerId, code: typeof code === 'string' ? code : undefined },
        'practice reminder failed',
      );
    }
  }
  return sent;
};

/** Runs `sendDueReminders` every minute, one sweep at a time, without keeping the process alive. */
export const startReminderScheduler = (backend: ReminderBackend): (() => void) => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDueReminders(backend)
      .catch((error: unknown) => backend.logger.warn({ err: error }, 'reminder sweep failed'))
      .finally(() => {
        running = false;
      });
  }, REMINDER_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
};
