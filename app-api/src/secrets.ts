import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { secretWeakness } from './secret-strength.js';
import { errnoWords, StartupError } from './startup-error.js';

/** What the operator can do about a short secret file: the JWT secret's words unless told. */
const JWT_SECRET_REMEDY = 'delete the file to have one generated, which logs everyone out, or set JWT_SECRET';

/** A secret read from a file obeys the rule of JWT_SECRET: 32+ characters that are not a few repeated. */
const checked = (file: string, secret: string, remedy = JWT_SECRET_REMEDY): string => {
  const weakness = secretWeakness(secret);
  if (weakness) throw new StartupError(`the secret file ${path.resolve(file)} ${weakness} (${remedy})`);
  return secret;
};

/** The file's text; a file that cannot be read (a directory, no permission) stops start-up naming it. */
const readSecretFile = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new StartupError(`the secret file ${path.resolve(file)} cannot be read: ${errnoWords(error)}`);
  }
};

/** A secret kept in DATA_DIR if there is one (a read-only opening creates nothing), checked as on creation. */
export const readExistingSecret = (dataDir: string, name: string, remedy?: string): string | undefined => {
  const file = path.join(dataDir, 'secrets', name);
  const secret = readSecretFile(file);
  return secret === undefined ? undefined : checked(file, secret, remedy);
};

/**
 * Reads a secret kept in DATA_DIR, creating it on first use, so a fresh install signs tokens
 * without configuration and a restart keeps everyone logged in.
 */
export const loadOrCreateSecret = (dataDir: string, name: string, remedy?: string): string => {
  const file = path.join(dataDir, 'secrets', name);
  const existing = readExistingSecret(dataDir, name, remedy);
  if (existing !== undefined) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  // Written whole beside it, then linked into place: a process starting at the same time never
  // reads a half-written file, and of two only one link wins.
  const draft = `${file}.${process.pid}.draft`;
  fs.writeFileSync(draft, secret, { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
    return secret;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return checked(file, readSecretFile(file) ?? '', remedy);
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
};
