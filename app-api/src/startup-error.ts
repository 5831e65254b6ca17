import fs from 'node:fs';
import path from 'node:path';

/**
 * A start-up failure the operator can act on: one line naming the cause and the path. `main`
 * prints it and exits with code 1 (no stack trace).
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

const ERRNO_WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EISDIR: 'it is a directory',
  ENOENT: 'it does not exist',
  EEXIST: 'it already exists',
  EMFILE: 'too many open files',
  EADDRINUSE: 'the port is already in use',
};

/** A file-system error in words with its code (`it is a directory (EISDIR)`), for a line that names the path. */
export const errnoWords = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  return `${ERRNO_WORDS[code] ?? (error as Error).message} (${code})`;
};

const describeErrno = (error: NodeJS.ErrnoException): string | null => {
  if (typeof error.code !== 'string' || !(error.code in ERRNO_WORDS)) return null;
  const words = ERRNO_WORDS[error.code]!;
  const port = (error as { port?: unknown }).port;
  const where = error.path
    ? ` ${path.resolve(error.path)}`
    : typeof port === 'number'
      ? ` on port ${port}`
      : '';
  const what = error.syscall ? `cannot ${error.syscall}${where}` : `failed${where}`;
  return `${what}: ${words} (${error.code})`;
};

/** The one line `main` prints for any start-up failure. */
export const describeStartupFailure = (error: unknown): string => {
  if (error instanceof StartupError) return `Stickwork could not start: ${error.message}`;
  const errno = describeErrno(error as NodeJS.ErrnoException);
  if (errno) return `Stickwork could not start: ${errno}`;
  const message = error instanceof Error ? error.message : String(error);
  return `Stickwork could not start: ${message.split('\n')[0]}`;
};

/**
 * DATA_DIR exists (created if need be), is a directory and can be written: checked first, so a
 * read-only or misplaced DATA_DIR is named as such instead of surfacing from a later mkdir.
 */
export const ensureWritableDataDir = (dataDir: string): void => {
  const dir = path.resolve(dataDir);
  try {
    // Private from its creation: it holds the store, its keys and every mail (data-dir-modes.ts).
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} cannot be created: ${errnoWords(error)}`);
  }
  if (!fs.statSync(dir).isDirectory()) throw new StartupError(`DATA_DIR ${dir} is not a directory`);
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    // access() trusts the mode bits; a read-only mount shows only when writing.
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    fs.writeFileSync(probe, '', { mode: 0o600 });
    fs.rmSync(probe);
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} is not writable: ${errnoWords(error)}`);
  }
};
