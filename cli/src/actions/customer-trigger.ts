import type { Backend } from '@stickwork/app-api';
import { customerStreamId, type RecordedEvent } from '@stickwork/domain';
import type { triggerInput } from '../commands/customer.js';
import { requireConfirmation } from '../confirmation.js';
import { CliError, withBackend } from '../context.js';
import { describeCustomer } from '../customers/operate-customer.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import type { InputOf } from '../define-command.js';
import { toHistoryEntry } from '../history/customer-history.js';
import { asOperator, operatorName } from '../operator.js';
import { historyLines, printJson, emitLines } from '../ui/print.js';

type Trigger = InputOf<typeof triggerInput>['event'];

const QUESTIONS: Record<Trigger, string> = {
  renewal: 'Renew the subscription of {who} now, as at its period end (a test payment)?',
  'payment-failed': 'Fail the renewal payment of {who} (the subscription becomes past due)?',
  'payment-recovered': 'Pay the overdue invoice of {who} (active again)?',
  cancellation: 'Cancel the subscription of {who} at its period end?',
};

/** The period end a renewal settles: the trial's or the paid period's end. */
const dueAt = async (backend: Backend, customerId: string): Promise<Date> => {
  const { loadCustomer } = await import('@stickwork/app-api');
  const customer = await loadCustomer(backend.store, customerId);
  const subscription = customer.status === 'registered' ? customer.subscription : null;
  if (!subscription) throw new CliError('no subscription to renew: grant a plan or check out first');
  if (subscription.status === 'past_due')
    throw new CliError('the last payment failed: trigger payment-recovered first, then the renewal');
  if (subscription.cancelAt !== null)
    throw new CliError(
      `the subscription is cancelled for ${subscription.cancelAt.slice(0, 10)}: it does not renew`,
    );
  return new Date(subscription.currentPeriodEnd);
};

/**
 * `customer trigger <event> <customer>`: what the local payment provider would tell us, applied as
 * its own events are (the portal's actions, the period-end sweep), so support and tests can walk a
 * subscription through a renewal, a failed payment, its recovery or a cancellation. A renewal
 * happens at the period end: its events carry that time, as the server's sweep would write them.
 */
export const runCustomerTrigger = async (options: InputOf<typeof triggerInput>) => {
  const operator = operatorName(options.operator);
  let at: Date | null = null;
  const { customerId, written } = await withBackend(
    async (backend) => {
      if (backend.payments.kind !== 'local')
        throw new CliError(
          'customer trigger simulates the local payment provider; with Stripe configured, use `stripe trigger`',
        );
      const customerId = await resolveCustomer(backend, options.customer);
      await requireConfirmation(
        QUESTIONS[options.event].replace('{who}', await describeCustomer(backend, customerId)),
        options,
      );
      const from = (await backend.store.readStream(customerStreamId(customerId))).length;
      const operating = asOperator(backend, operator);
      const { createPaymentsService, settlePeriodEnds } = await import('@stickwork/app-api');
      if (options.event === 'renewal') {
        const due = await dueAt(backend, customerId);
        if (due > backend.clock()) at = due;
        await settlePeriodEnds(operating, customerId);
      } else {
        const action = {
          'payment-failed': 'fail-payment',
          'payment-recovered': 'pay-overdue',
          cancellation: 'cancel',
        } as const;
        await createPaymentsService(operating).testPortalAction(customerId, {
          action: action[options.event],
        });
      }
      const written: RecordedEvent[] = (await backend.store.readStream(customerStreamId(customerId))).slice(
        from,
      );
      return { customerId, written };
    },
    // The clock stands at the period end while a renewal is settled, and at now otherwise.
    { clock: () => at ?? new Date() },
  );
  const entries = written.map((event) => toHistoryEntry(event, options.tz, false));
  if (options.json) return printJson({ customerId, event: options.event, operator, events: entries });
  if (entries.length === 0)
    return void process.stdout.write('Nothing changed: the subscription already stood so.\n');
  await emitLines(
    historyLines(
      entries.map((entry) => ({
        position: entry.position,
        time: entry.localTime,
        type: entry.type,
        summary: entry.summary,
      })),
    ),
  );
};
