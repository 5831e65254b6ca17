import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { customerExportZip } from '@stickwork/app-api/customer-export';
import { CliError, withStores } from '../context.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import { parseOptions } from '../options.js';
import { printJson } from '../ui/print.js';

const exportOptions = z.object({
  customer: z.string().min(1, { message: 'name a customer by id or email' }),
  out: z.string().trim().min(1, { message: 'name the file to write, e.g. --out data.zip' }),
  force: z.boolean().default(false),
  json: z.boolean().default(false),
});

/**
 * `stickwork customer export <customer> --out FILE`: the customer's "Download my data" zip (the same
 * as GET /api/export), for a data request that reaches an operator. The read models are brought up
 * to date first (the server may be stopped). The file holds personal data: it is made readable by
 * its owner only, and an existing file is kept unless --force.
 */
export const runCustomerExport = async (who: string, raw: Record<string, unknown>) => {
  const options = parseOptions(exportOptions, { ...raw, customer: who }, ['customer']);
  const file = path.resolve(options.out);
  const written = await withStores(async (backend) => {
    const customerId = await resolveCustomer(backend, options.customer);
    await backend.projections.catchUp();
    const zip = await customerExportZip(backend, customerId);
    try {
      fs.writeFileSync(file, zip, { flag: options.force ? 'w' : 'wx', mode: 0o600 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new CliError(`${file} exists: choose another --out, or add --force`);
      throw new CliError(`cannot write ${file}: ${code ?? (error as Error).message}`);
    }
    return { customerId, file, bytes: zip.length };
  });
  if (options.json) printJson(written);
  else
    process.stdout.write(
      `Wrote ${written.bytes} bytes to ${written.file} (customer ${written.customerId})\n`,
    );
};
