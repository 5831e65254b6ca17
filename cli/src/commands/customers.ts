import type { Command } from 'commander';
import { z } from 'zod';
import type { Backend } from '@stickwork/app-api';
import { customerDirectoryProjection, type CustomerDirectoryEntry } from '@stickwork/projections';
import { withBackend } from '../context.js';
import { parseOptions } from '../options.js';
import { printJson, renderTable } from '../ui/render.js';

const customersOptions = z.object({
  search: z.string().trim().optional(),
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
  backend: Pick<Backend, 'readModels' | 'projections'>,
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

export const registerCustomersCommand = (program: Command) => {
  program
    .command('customers')
    .description('the customers: id, name, email, plan, status, registered, last practice')
    .option('--search <text>', 'only customers whose id, name or email contains this')
    .option('--json', 'print JSON for scripts')
    .action(async (raw: Record<string, unknown>) => {
      const options = parseOptions(customersOptions, raw);
      const rows = await withBackend((backend) => listCustomers(backend, options.search));
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
    });
};
