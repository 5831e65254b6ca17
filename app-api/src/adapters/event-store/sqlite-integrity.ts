import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StartupError } from '../../startup-error.js';

/** `quick`: SQLite's quick_check (pages and records, no index cross-check); `full`: integrity_check. */
export type IntegrityCheck = 'quick' | 'full';

export interface IntegrityReport {
  ok: boolean;
  /** SQLite's findings, one line each (from at most 20 of its rows); empty when ok. */
  problems: string[];
}

/** Runs SQLite's own check of every page of the file. `full` also cross-checks indexes (slower). */
export const checkSqliteIntegrity = (database: Database.Database, check: IntegrityCheck): IntegrityReport => {
  const rows = database
    .prepare(check === 'full' ? 'PRAGMA integrity_check(20)' : 'PRAGMA quick_check(20)')
    .pluck()
    .all() as string[];
  // A row can hold several lines ("*** in database main ***", then one per page): one problem a line.
  const problems = rows
    .flatMap((row) => row.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== 'ok' && !/^\*\*\* in database \w+ \*\*\*$/.test(line));
  return { ok: problems.length === 0, problems };
};

/**
 * Opens a store file read-only and checks it (the operator's `stickwork store check`): a file SQLite cannot
 * even open reads as damaged with its reason, never as an exception.
 */
export const checkStoreFile = (file: string, check: IntegrityCheck): IntegrityReport => {
  let database: Database.Database | undefined;
  try {
    database = new Database(file, { readonly: true, fileMustExist: true });
    return checkSqliteIntegrity(database, check);
  } catch (error) {
    return { ok: false, problems: [(error as Error).message] };
  } finally {
    database?.close();
  }
};

const HOW_TO_RECOVER = 'restore it from a backup, or move it away to start an empty store';

/**
 * An existing zero-byte file is a truncated or clobbered store, never a new one: SQLite would
 * silently start an empty database over it.
 */
export const refuseEmptyStoreFile = (file: string): void => {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    return; // no file yet: a new store
  }
  if (size === 0)
    throw new StartupError(`the store file ${path.resolve(file)} is empty (0 bytes); ${HOW_TO_RECOVER}`);
};

const SQLITE_DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX']);

/** The file or one SQLite keeps beside it (WAL, shared memory, journal) that is a directory. */
const directoryInTheWay = (file: string): string | undefined =>
  ['', '-wal', '-shm', '-journal']
    .map((suffix) => `${file}${suffix}`)
    .find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isDirectory() ?? false);

/**
 * SQLite's refusal while opening or checking a file, as one clear line naming it (a damaged file,
 * a directory where the file or its WAL should be, no permission); other errors pass.
 */
export const asStoreDamage = (error: unknown, file: string, what = 'the store file'): unknown => {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return error;
  const where = `${what} ${path.resolve(file)}`;
  if (SQLITE_DAMAGE_CODES.has(code))
    return new StartupError(`${where} is damaged (${(error as Error).message}); ${HOW_TO_RECOVER}`);
  const directory = directoryInTheWay(file);
  return new StartupError(
    directory === file
      ? `${where} is a directory, not a file`
      : directory
        ? `${where} cannot be opened: ${path.resolve(directory)} is a directory, not a file`
        : `${where} cannot be opened: ${(error as Error).message} (${code})`,
  );
};

/** Refuses to go on with a file whose quick check finds a problem. */
export const requireIntact = (database: Database.Database, file: string, check: IntegrityCheck): void => {
  const report = checkSqliteIntegrity(database, check);
  if (!report.ok)
    throw new StartupError(
      `the store file ${path.resolve(file)} is damaged (${report.problems[0]}${report.problems.length > 1 ? `, and ${report.problems.length - 1} more problems` : ''}); ${HOW_TO_RECOVER}`,
    );
};
