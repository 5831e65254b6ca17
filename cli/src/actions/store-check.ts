import fs from 'node:fs';
import { checkStoreFile, loadConfig, sqliteFileIn } from '@stickwork/app-api/stores';
import type { jsonOnlyInput } from '../commands/store.js';
import type { InputOf } from '../define-command.js';
import { CliError } from '../errors.js';
import { printJson, renderKeyValues } from '../ui/print.js';

/**
 * `stickwork store check`: SQLite's full integrity check of the embedded store (every page and every
 * index), read-only, while the server may keep running. The server runs the quick check at every start;
 * this is the slower one an operator runs on demand. Exit 1 when it finds damage.
 */
export const runStoreCheck = async (options: InputOf<typeof jsonOnlyInput>) => {
  const config = loadConfig();
  if (config.eventStoreConnectionString)
    throw new CliError('store check reads the embedded SQLite store; EventStoreDB checks its own files');
  const file = sqliteFileIn(config.dataDir);
  if (!fs.existsSync(file))
    throw new CliError(`no Stickwork store at ${file}: start the server once, or set DATA_DIR`);
  const checked = checkStoreFile(file, 'full');
  // SQLite reports several problems in one message, a line each: one problem a line here too.
  const report = {
    ...checked,
    problems: checked.problems.flatMap((problem) => problem.split('\n').filter(Boolean)),
  };
  if (options.json) printJson({ file, ...report });
  else
    await renderKeyValues('Store check (SQLite integrity_check)', [
      ['file', file],
      ['result', report.ok ? 'ok' : 'damaged'],
      ...report.problems.map((problem, index): [string, string] => [`problem ${index + 1}`, problem]),
    ]);
  if (!report.ok) process.exitCode = 1;
};
