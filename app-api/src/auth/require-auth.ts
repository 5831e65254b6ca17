import type { RequestHandler, Request, Response } from 'express';
import type { Backend } from '../backend.js';
import { HttpError } from '../http/http-error.js';
import type { RegisteredCustomer } from '../accounts/customer-records.js';
import { customerCacheOf } from '../accounts/customer-cache.js';
import { issuedAtMs, verifyLoginToken, type LoginClaims } from './tokens.js';

/** The header the web app sends its login token in (product-spec §9). */
export const AUTH_TOKEN_HEADER = 'x-auth-token';
export const NOT_AUTHORIZED_MESSAGE = 'User not authorized';

export interface AuthContext {
  customerId: string;
  claims: LoginClaims;
  /** The customer as the store has it now (the token may be older than a plan change). */
  customer: RegisteredCustomer;
}

type AuthBackend = Pick<Backend, 'jwtSecret' | 'clock' | 'store'>;

/**
 * The full check of a login token: signature, expiry, issuer and audience, a customer who still
 * exists, and a token issued no earlier than the last password change (millisecond precision).
 * Null for anything else. Everything that acts on a token's customer runs only after this.
 */
export const authenticate = async (
  backend: AuthBackend,
  token: string | undefined,
): Promise<AuthContext | null> => {
  const claims = token ? await verifyLoginToken(backend.jwtSecret, token, backend.clock()) : null;
  if (!claims) return null;
  const customer = await customerCacheOf(backend.store).load(claims.customerId);
  if (customer.status !== 'registered' || issuedBeforePasswordChange(claims, customer)) return null;
  return { customerId: customer.customerId, claims, customer };
};

/** The request's authentication, or a 401 `{ message: 'User not authorized' }`. */
export const authenticateRequest = async (backend: AuthBackend, req: Request): Promise<AuthContext> => {
  const auth = await authenticate(backend, req.get(AUTH_TOKEN_HEADER));
  if (!auth) throw new HttpError(401, NOT_AUTHORIZED_MESSAGE);
  return auth;
};

/**
 * Lets a request through only with a valid login token of a customer who still exists: a
 * missing, expired, tampered, unsigned or foreign token, an erased customer, or a token issued
 * before the last password change is a 401 `{ message: 'User not authorized' }`.
 */
export const requireAuth =
  (backend: AuthBackend): RequestHandler =>
  async (req, res, next) => {
    res.locals.auth = await authenticateOnce(backend, req, res);
    next();
  };

/**
 * `authenticateRequest` once per request: a full check already made for this same request in front
 * of its route (the plan reads' settlement, when it had nothing to write) stands, so the customer is
 * not read again.
 */
export const authenticateOnce = async (
  backend: AuthBackend,
  req: Request,
  res: Response,
): Promise<AuthContext> =>
  (res.locals.auth as AuthContext | undefined) ?? (await authenticateRequest(backend, req));

/** A password change logs out every session that started before it. */
const issuedBeforePasswordChange = (claims: LoginClaims, customer: RegisteredCustomer): boolean => {
  if (customer.passwordChangedAt === null) return false;
  const issuedAt = issuedAtMs(claims);
  return issuedAt === null || issuedAt < Date.parse(customer.passwordChangedAt);
};

/** The authenticated customer of a request that passed `requireAuth`. */
export const authOf = (res: Response): AuthContext => {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new Error('authOf() needs requireAuth() earlier in the chain');
  return auth;
};
