import fs from 'node:fs';
import { z } from 'zod';
import { checkStoreFile, loadConfig, sqliteFileIn } from '@stickwork/app-api/stores';
import { CliError } from '../errors.js';
import { parseOptions } from '../options.js';
import { printJson, renderKeyValues } from '../ui/print.js';

/**
 * `stickwork store check`: SQLite's full integrity check of the embedded store (every page and every
 * index), read-only, while the server may keep running. The server runs the quick check at every start;
 * this is the slower one an operator runs on demand. Exit 1 when it finds damage.
 */
export const runStoreCheck = async (raw: Record<string, unknown>) => {
  const options = parseOptions(z.object({ json: z.boolean().default(false) }), raw);
  const config = loadConfig();
  if (config.eventStoreConnectionString)
    throw new CliError('store check reads the embedded SQLite store; EventStoreDB checks its own files');
  const file = sqliteFileIn(config.dataDir);
  if (!fs.existsSync(file))
    throw new CliError(`no Stickwork store at ${file}: start the server once, or set DATA_DIR`);
  const report = checkStoreFile(file, 'full');
  if (options.json) printJson({ file, ...report });
  else
    await renderKeyValues('Store check (SQLite integrity_check)', [
      ['file', file],
      ['result', report.ok ? 'ok' : 'damaged'],
      ...report.problems.map((problem, index): [string, string] => [`problem ${index + 1}`, problem]),
    ]);
  if (!report.ok) process.exitCode = 1;
};
