import fs from 'node:fs';
import path from 'node:path';
import { customerExportZip } from '@stickwork/app-api/customer-export';
import { customerStreamId, erasureStreamId } from '@stickwork/domain';
import type { exportInput } from '../commands/customer.js';
import { CliError, withStores } from '../context.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import type { InputOf } from '../define-command.js';
import { printJson } from '../ui/print.js';

/** `--out -`: the zip goes to stdout (for a pipe), never to a terminal. */
const STDOUT = '-';

/**
 * `stickwork customer export <customer> --out FILE`: the customer's "Download my data" zip (the same
 * as GET /api/export), for a data request that reaches an operator. The read models are brought up
 * to date first (the server may be stopped). The file holds personal data: it is made readable by
 * its owner only, and an existing file is kept unless --force (or --yes). An erased customer has
 * nothing left to export: refused, rather than an empty zip.
 */
export const runCustomerExport = async (options: InputOf<typeof exportInput>) => {
  const toStdout = options.out === STDOUT;
  if (toStdout && process.stdout.isTTY)
    throw new CliError('--out - writes the zip to stdout, which is a terminal here: pipe it, or name a file');
  if (toStdout && options.json) throw new CliError('--out - writes the zip to stdout: it takes no --json');
  const file = toStdout ? STDOUT : path.resolve(options.out);
  const overwrite = options.force || options.yes;
  const written = await withStores(async (backend) => {
    const customerId = await resolveCustomer(backend, options.customer);
    const [account] = await backend.store.readStream(customerStreamId(customerId), { maxCount: 1 });
    if (!account) {
      const [erased] = await backend.store.readStream(erasureStreamId(customerId), { maxCount: 1 });
      throw new CliError(
        erased
          ? `customer ${customerId} was erased on ${erased.metadata.time.slice(0, 10)}: no data is left to export`
          : `customer ${customerId} has no account: nothing to export`,
      );
    }
    await backend.projections.catchUp();
    const zip = await customerExportZip(backend, customerId);
    if (toStdout) {
      await new Promise<void>((resolve, reject) =>
        process.stdout.write(zip, (error) => (error ? reject(error) : resolve())),
      );
      return { customerId, file, bytes: zip.length };
    }
    try {
      // A new file is 0600 from its creation; one written over would keep its old mode, so with
      // --force the zip goes to a new file that replaces it.
      const target = overwrite ? `${file}.partial` : file;
      if (overwrite) fs.rmSync(target, { force: true });
      fs.writeFileSync(target, zip, { flag: 'wx', mode: 0o600 });
      if (overwrite) fs.renameSync(target, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new CliError(`${file} exists: choose another --out, or add --force`);
      throw new CliError(`cannot write ${file}: ${code ?? (error as Error).message}`);
    }
    return { customerId, file, bytes: zip.length };
  });
  if (toStdout)
    process.stderr.write(`Wrote ${written.bytes} bytes to stdout (customer ${written.customerId})\n`);
  else if (options.json) printJson(written);
  else
    process.stdout.write(
      `Wrote ${written.bytes} bytes to ${written.file} (customer ${written.customerId})\n`,
    );
};
