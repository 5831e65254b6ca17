import { z } from 'zod';
import { customerDirectoryProjection, type CustomerDirectoryEntry } from '@stickwork/projections';
import { withStores, type StoreBackend } from '../context.js';
import { limitOption, parseOptions } from '../options.js';
import { printJson, renderTable } from '../ui/print.js';

const customersOptions = z.object({
  search: z.string().trim().optional(),
  limit: limitOption(),
  json: z.boolean().default(false),
});

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  plan: string;
  status: string;
  registered: string;
  lastPractice: string | null;
}

const toRow = (entry: CustomerDirectoryEntry): CustomerRow => ({
  id: entry.customerId,
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
      (row) => !needle || [row.id, row.name, row.email].some((text) => text.toLowerCase().includes(needle)),
    )
    .sort((a, b) => a.registered.localeCompare(b.registered) || a.id.localeCompare(b.id));
};

export const runCustomers = async (raw: Record<string, unknown>) => {
  const options = parseOptions(customersOptions, raw);
  const all = await withStores((backend) => listCustomers(backend, options.search));
  const rows = options.limit === undefined ? all : all.slice(0, options.limit);
  if (options.json) return printJson(rows);
  await renderTable(rows, [
    { header: 'ID', value: (row) => row.id },
    { header: 'NAME', value: (row) => row.name },
    { header: 'EMAIL', value: (row) => row.email },
    { header: 'PLAN', value: (row) => row.plan },
    { header: 'STATUS', value: (row) => row.status },
    { header: 'REGISTERED', value: (row) => row.registered.slice(0, 10) },
    { header: 'LAST PRACTICE', value: (row) => row.lastPractice?.slice(0, 10) ?? '-' },
  ]);
};
