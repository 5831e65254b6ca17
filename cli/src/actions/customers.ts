import { customerDirectoryProjection, type CustomerDirectoryEntry } from '@stickwork/projections';
import type { customersInput } from '../commands/read-commands.js';
import { withStores, type StoreBackend } from '../context.js';
import type { InputOf } from '../define-command.js';
import { formatInZone } from '../history/event-summary.js';
import { renderRecords } from '../ui/print.js';

export interface CustomerRow {
  customerId: string;
  name: string;
  email: string;
  plan: string;
  status: string;
  registered: string;
  lastPractice: string | null;
}

const toRow = (entry: CustomerDirectoryEntry): CustomerRow => ({
  customerId: entry.customerId,
  name: `${entry.firstname} ${entry.lastname}`.trim(),
  email: entry.email,
  plan: entry.plan,
  status: entry.status,
  registered: entry.registeredAt,
  lastPractice: entry.lastPracticeAt,
});

/**
 * The customer directory read model, brought up to date first (the server may be stopped), oldest
 * registration first; `search` matches id, name or email, ignoring case.
 */
export const listCustomers = async (
  backend: Pick<StoreBackend, 'readModels' | 'projections'>,
  search?: string,
): Promise<CustomerRow[]> => {
  await backend.projections.catchUp();
  const needle = search?.toLowerCase();
  return backend.readModels
    .list<CustomerDirectoryEntry>(customerDirectoryProjection.name)
    .map(({ state }) => toRow(state))
    .filter(
      (row) =>
        !needle || [row.customerId, row.name, row.email].some((text) => text.toLowerCase().includes(needle)),
    )
    .sort((a, b) => a.registered.localeCompare(b.registered) || a.customerId.localeCompare(b.customerId));
};

const dayInZone = (iso: string, timeZone: string) => formatInZone(iso, timeZone).slice(0, 10);

export const runCustomers = async (options: InputOf<typeof customersInput>) => {
  const all = await withStores((backend) => listCustomers(backend, options.search));
  const rows = options.limit === undefined ? all : all.slice(0, options.limit);
  await renderRecords(rows, all.length, 'customers', options, [
    { header: 'ID', value: (row) => row.customerId },
    { header: 'NAME', value: (row) => row.name },
    { header: 'EMAIL', value: (row) => row.email },
    { header: 'PLAN', value: (row) => row.plan },
    { header: 'STATUS', value: (row) => row.status },
    { header: 'REGISTERED', value: (row) => dayInZone(row.registered, options.tz) },
    {
      header: 'LAST PRACTICE',
      value: (row) => (row.lastPractice ? dayInZone(row.lastPractice, options.tz) : '-'),
    },
  ]);
};
