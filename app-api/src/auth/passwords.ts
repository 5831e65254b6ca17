import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2; the package's const enum cannot be imported under isolatedModules). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/**
 * A hash to verify against when the account does not exist, so a login for an unknown email
 * takes as long as one with a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> =>
  (decoyHash ??= hashPassword('decoy-password-for-timing'));
