import { randomUUID } from 'node:crypto';
import {
  DEFAULT_REMINDER_SETTINGS,
  handleCommand,
  loadState,
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
import { testClockEnabled } from '../http/test-clock.js';
import { practiceReminderMail } from './reminder-mail.js';
import {
  reminderUnsubscribeSecret,
  verifyReminderUnsubscribeSecret,
  type UnsubscribeClaim,
} from './reminder-unsubscribe-secret.js';
import { startPeriodicSweep } from '../periodic-sweep.js';

export type ReminderBackend = Pick<
  Backend,
  'store' | 'readModels' | 'projections' | 'clock' | 'mailer' | 'logger' | 'jwtSecret' | 'config'
>;

/** How often the server looks for due reminders. */
export const REMINDER_SWEEP_MS = 60_000;

/**
 * The sweep's interval: `REMINDER_SWEEP_MS`, or, test-only, `STICKWORK_TEST_REMINDER_SWEEP_MS` (whole
 * milliseconds, 100 to 60000), read only with the test clock on (`STICKWORK_TEST_CLOCK=1`, never in
 * production), so a test of the built server sees a due reminder go out without waiting a minute.
 */
export const reminderSweepMs = (env: NodeJS.ProcessEnv = process.env): number => {
  const asked = env.STICKWORK_TEST_REMINDER_SWEEP_MS;
  if (!testClockEnabled(env) || asked === undefined || !/^[0-9]+$/.test(asked)) return REMINDER_SWEEP_MS;
  const ms = Number(asked);
  return ms >= 100 && ms <= REMINDER_SWEEP_MS ? ms : REMINDER_SWEEP_MS;
};

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

/** PUT /api/reminders (account settings). Turning reminders on names a new opt-in. */
export const changeReminderSettings = async (
  backend: Pick<Backend, 'store' | 'clock' | 'projections'>,
  customerId: string,
  settings: ReminderSettings,
) => {
  const result = await run(backend, customerId, {
    type: 'SetReminders',
    data: { ...settings, optInId: randomUUID() },
  });
  if (result.position !== null) await backend.projections.waitFor(result.position);
};

/** How long the unsubscribe link of a reminder mail works. */
export const UNSUBSCRIBE_LINK_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * What an unsubscribe link comes to: `confirm` (reminders on: the page asks), `stopped` (the POST
 * turned them off), `already_off`, `superseded` (reminders were turned on again after the mail:
 * the link stops nothing), `expired` (older than `UNSUBSCRIBE_LINK_DAYS`), `invalid` (forged,
 * altered or of an old format).
 */
export type UnsubscribeLinkOutcome =
  'confirm' | 'stopped' | 'already_off' | 'superseded' | 'expired' | 'invalid';

type UnsubscribeBackend = Pick<Backend, 'store' | 'clock' | 'projections' | 'jwtSecret'>;

const claimOf = (backend: UnsubscribeBackend, secret: unknown): UnsubscribeClaim | 'invalid' | 'expired' => {
  const claim = verifyReminderUnsubscribeSecret(backend.jwtSecret, secret);
  if (claim === null) return 'invalid';
  const age = backend.clock().getTime() - claim.issuedAt.getTime();
  return age > UNSUBSCRIBE_LINK_DAYS * DAY_MS ? 'expired' : claim;
};

const outcomeFor = (state: ReminderState, optInId: string, whenOn: 'confirm' | 'stopped') => {
  if (state.optInId !== null && state.optInId !== optInId) return 'superseded';
  return state.enabled ? whenOn : 'already_off';
};

/**
 * An unsubscribe link used. `show` (its GET): what its page offers; writes nothing, as mail scanners
 * follow links. `stop` (its POST: the page's button, or a mail program's RFC 8058 one-click): turns
 * off the opt-in the mail was sent for, and only that one (the decider compares it with the stream's).
 */
export const useUnsubscribeLink = async (
  backend: UnsubscribeBackend,
  secret: unknown,
  action: 'show' | 'stop',
): Promise<UnsubscribeLinkOutcome> => {
  const claim = claimOf(backend, secret);
  if (typeof claim === 'string') return claim;
  const { customerId, optInId } = claim;
  if (action === 'show') {
    const stream = remindersStreamId(customerId);
    const state = await loadState(backend.store, stream, reminderDecider, reminderEventSchemaVersions);
    return outcomeFor(state, optInId, 'confirm');
  }
  const result = await run(backend, customerId, { type: 'UnsubscribeReminders', data: { optInId } });
  if (result.position === null) return outcomeFor(result.state, optInId, 'stopped');
  await backend.projections.waitFor(result.position);
  return 'stopped';
};

/** The link of a mail sent now for the customer's opt-in `optInId`. */
export const unsubscribeLinkFor = (
  backend: Pick<Backend, 'jwtSecret' | 'config' | 'clock'>,
  customerId: string,
  optInId: string,
) =>
  `${backend.config.publicUrl}/api/reminders/unsubscribe?secret=${encodeURIComponent(
    reminderUnsubscribeSecret(backend.jwtSecret, { customerId, optInId, issuedAt: backend.clock() }),
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
      const taken = await run(backend, customerId, { type: 'SendReminder', data: { day } });
      if (taken.events.length === 0) continue; // another process took it, or the settings changed meanwhile
      // Sent only while on, and reminders are on only after an opt-in.
      const { optInId } = taken.state;
      if (optInId === null) throw new Error('practice reminders on without an opt-in');
      await backend.mailer.send(
        practiceReminderMail(
          customer.email,
          customer.firstname,
          `${backend.config.publicUrl}/launch-overview`,
          unsubscribeLinkFor(backend, customerId, optInId),
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

/**
 * Runs `sendDueReminders` every minute (`reminderSweepMs`), one sweep at a time, without keeping the process alive. One
 * process at a time runs it (the `sweeps` lease, background-duties.ts).
 */
export const startReminderScheduler = (backend: ReminderBackend): (() => void) =>
  startPeriodicSweep('reminder sweep', reminderSweepMs(), () => sendDueReminders(backend), backend.logger);
