import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig, sqliteFileIn, type Config } from '@stickwork/app-api/stores';
import type { backupInput, restoreInput } from '../commands/store.js';
import { requireConfirmation } from '../confirmation.js';
import type { InputOf } from '../define-command.js';
import { CliError } from '../errors.js';
import { printJson, renderKeyValues } from '../ui/print.js';

/** Beside EventStoreDB the local file holds the read models and the personal-data keys. */
const READ_MODELS_FILE_NAME = 'read-models.sqlite';
/** Tables the backup adds to its copy: what it is, and the small files of DATA_DIR it needs. */
const BACKUP_INFO_TABLE = 'stickwork_backup';
const BACKUP_FILES_TABLE = 'stickwork_backup_files';

interface LocalStore {
  file: string;
  kind: 'embedded' | 'beside EventStoreDB';
  dataDir: string;
}

/**
 * What a backup of this configuration holds: the embedded store (events, read models and the
 * personal-data keys in one file), or beside EventStoreDB the local file with the keys and read
 * models (EventStoreDB backs up its own log). Either way with DATA_DIR's generated secrets and markers.
 */
const localStoreOf = (config: Config): LocalStore => ({
  file: config.eventStoreConnectionString
    ? path.join(config.dataDir, READ_MODELS_FILE_NAME)
    : sqliteFileIn(config.dataDir),
  kind: config.eventStoreConnectionString ? 'beside EventStoreDB' : 'embedded',
  dataDir: config.dataDir,
});

/**
 * The small files beside the store a restored store needs: the generated secrets (`secrets/`: the
 * token key, the key of the email reservations' names) and DATA_DIR's markers (`*.json`).
 */
const readDataFiles = (dataDir: string): [string, Buffer][] => {
  const filesIn = (dir: string, matches: (name: string) => boolean): string[] =>
    fs.existsSync(path.join(dataDir, dir))
      ? fs
          .readdirSync(path.join(dataDir, dir), { withFileTypes: true })
          .filter((entry) => entry.isFile() && matches(entry.name))
          .map((entry) => path.posix.join(dir, entry.name))
      : [];
  return [...filesIn('secrets', () => true), ...filesIn('.', (name) => name.endsWith('.json'))].map(
    (name) => [path.posix.normalize(name), fs.readFileSync(path.join(dataDir, name))],
  );
};

/**
 * `store backup FILE`: SQLite's online backup API copies the store page by page while the server
 * keeps writing (it starts again when a write lands mid-copy), so the copy is one consistent
 * moment. Written beside FILE first and renamed into place: a failed backup leaves no half file.
 */
export const runStoreBackup = async (options: InputOf<typeof backupInput>) => {
  const config = loadConfig();
  const local = localStoreOf(config);
  if (!fs.existsSync(local.file))
    throw new CliError(`no Stickwork store at ${local.file}: start the server once, or set DATA_DIR`);
  const target = path.resolve(options.file);
  if (fs.existsSync(target) && !options.force)
    throw new CliError(`${target} exists: choose another file, or add --force`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  // The copy holds the personal-data keys: private before its first page is written (an empty file
  // is an empty SQLite database the backup writes into, keeping its mode).
  fs.writeFileSync(partial, '', { mode: 0o600, flag: 'wx' });
  const source = new Database(local.file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw new CliError(`cannot back up ${local.file}: ${(error as Error).message}`);
  } finally {
    source.close();
  }
  const files = readDataFiles(local.dataDir);
  const copy = new Database(partial);
  const madeAt = new Date().toISOString();
  let events: number | null = null;
  try {
    copy.exec(`CREATE TABLE ${BACKUP_INFO_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE ${BACKUP_FILES_TABLE} (name TEXT PRIMARY KEY, content BLOB NOT NULL);`);
    const info = copy.prepare(`INSERT INTO ${BACKUP_INFO_TABLE} VALUES (?, ?)`);
    info.run('madeAt', madeAt);
    info.run('kind', local.kind);
    const file = copy.prepare(`INSERT INTO ${BACKUP_FILES_TABLE} VALUES (?, ?)`);
    for (const [name, content] of files) file.run(name, content);
    if (local.kind === 'embedded')
      events = (copy.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
    // One self-contained file: read back, a WAL-mode copy would leave -wal and -shm files beside it
    // (and could not be read where it may not make them, e.g. a read-only mount).
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, target);
  const report = {
    file: target,
    from: local.file,
    kind: local.kind,
    madeAt,
    bytes: fs.statSync(target).size,
    events,
    files: files.map(([name]) => name),
    // With DATABASE_URL the keys are not in this file, and without them the log's personal data is lost.
    personalDataKeys: config.databaseUrl
      ? 'not in this backup: they are in PostgreSQL (DATABASE_URL); back that database up too (pg_dump)'
      : 'in this backup',
  };
  if (options.json) return printJson(report);
  await renderKeyValues('Backup written (readable by you only)', [
    ['file', report.file],
    ['from', `${report.from} (${report.kind})`],
    ['made at', report.madeAt],
    ['size', `${report.bytes} bytes`],
    ...(events === null ? [] : [['events', String(events)] as [string, string]]),
    ['files', report.files.join(', ') || '-'],
    ['personal-data keys', report.personalDataKeys],
  ]);
};

/** The backup's own record, or null when the file is no backup this command wrote. */
const readBackup = (file: string): { madeAt: string; kind: string; files: [string, Buffer][] } | null => {
  let database: Database.Database | undefined;
  try {
    database = new Database(file, { readonly: true, fileMustExist: true });
    const info = Object.fromEntries(
      (
        database.prepare(`SELECT key, value FROM ${BACKUP_INFO_TABLE}`).all() as {
          key: string;
          value: string;
        }[]
      ).map(({ key, value }) => [key, value]),
    );
    const files = (
      database.prepare(`SELECT name, content FROM ${BACKUP_FILES_TABLE}`).all() as {
        name: string;
        content: Buffer;
      }[]
    ).map(({ name, content }): [string, Buffer] => [name, content]);
    const check = database.pragma('quick_check', { simple: true });
    // Only names this command writes: nothing of a backup lands outside DATA_DIR.
    const safe = files.every(([name]) => /^(secrets\/)?[\w.-]+$/.test(name) && !name.includes('..'));
    if (check !== 'ok' || !info.madeAt || !info.kind || !safe) return null;
    return { madeAt: info.madeAt, kind: info.kind, files };
  } catch {
    return null;
  } finally {
    database?.close();
  }
};

/**
 * Whether another connection (a server, or a stickwork command that reads) has the store open:
 * each holds a lock on it, so an exclusive lock taken without waiting is refused.
 */
const inUse = (file: string): boolean => {
  const database = new Database(file, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 0');
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('BEGIN EXCLUSIVE');
    database.exec('COMMIT');
    // Leaves the store's own file complete: its write-ahead log folded in.
    database.pragma('wal_checkpoint(TRUNCATE)');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    database.close();
  }
};

const SIDE_FILES = ['-wal', '-shm'];

/**
 * `store restore FILE`: replaces the local store (and DATA_DIR's secrets and markers) with a backup's. Refused
 * while anything has the store open; the replaced files are kept beside it, named
 * `*.before-restore-<time>`, until the operator removes them.
 */
export const runStoreRestore = async (options: InputOf<typeof restoreInput>) => {
  const local = localStoreOf(loadConfig());
  const source = path.resolve(options.file);
  if (!fs.existsSync(source)) throw new CliError(`no file ${source}`);
  const backup = readBackup(source);
  if (!backup)
    throw new CliError(`${source} is no Stickwork backup (write one with stickwork store backup FILE)`);
  if (backup.kind !== local.kind)
    throw new CliError(
      `${source} is a backup of a store ${backup.kind}; this configuration uses one ${local.kind}`,
    );
  const exists = fs.existsSync(local.file);
  if (exists && inUse(local.file))
    throw new CliError(
      `the store ${local.file} is in use (a running server, or another stickwork command): stop it, then restore`,
    );
  await requireConfirmation(
    `Replace ${exists ? `the store ${local.file}` : `(no store yet) ${local.file}`} with the backup made ${backup.madeAt}?`,
    options,
  );
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const kept: string[] = [];
  // A DATA_DIR made here is as private as one the server makes.
  fs.mkdirSync(path.dirname(local.file), { recursive: true, mode: 0o700 });
  // The new file is prepared beside the store, then renamed over it in one step.
  const incoming = `${local.file}.restoring`;
  fs.copyFileSync(source, incoming);
  const database = new Database(incoming);
  try {
    database.exec(`DROP TABLE ${BACKUP_INFO_TABLE}; DROP TABLE ${BACKUP_FILES_TABLE}; VACUUM;`);
    // The journal mode the server keeps its store in.
    database.pragma('journal_mode = WAL');
  } finally {
    database.close();
  }
  fs.chmodSync(incoming, 0o600);
  for (const suffix of ['', ...SIDE_FILES]) {
    const file = `${local.file}${suffix}`;
    if (!fs.existsSync(file)) continue;
    const aside = `${local.file}.before-restore-${stamp}${suffix}`;
    fs.renameSync(file, aside);
    kept.push(aside);
  }
  fs.renameSync(incoming, local.file);
  for (const [name, content] of backup.files) {
    const file = path.join(local.dataDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    if (fs.existsSync(file) && !fs.readFileSync(file).equals(content)) {
      const aside = `${file}.before-restore-${stamp}`;
      fs.renameSync(file, aside);
      kept.push(aside);
    }
    fs.writeFileSync(file, content, { mode: 0o600 });
  }
  const report = {
    file: local.file,
    from: source,
    madeAt: backup.madeAt,
    kept,
    files: backup.files.map(([n]) => n),
  };
  if (options.json) return printJson(report);
  await renderKeyValues('Store restored', [
    ['store', report.file],
    ['from', `${report.from} (made ${report.madeAt})`],
    ['files', report.files.join(', ') || '-'],
    ['kept aside', report.kept.join(', ') || '-'],
  ]);
};
