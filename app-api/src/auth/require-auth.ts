import type { RequestHandler, Response } from 'express';
import type { Backend } from '../backend.js';
import { HttpError } from '../http/http-error.js';
import { loadRegisteredCustomer, type RegisteredCustomer } from '../accounts/customer-records.js';
import { verifyLoginToken, type LoginClaims } from './tokens.js';

/** The header the web app sends its login token in (product-spec §9). */
export const AUTH_TOKEN_HEADER = 'x-auth-token';
export const NOT_AUTHORIZED_MESSAGE = 'User not authorized';

export interface AuthContext {
  customerId: string;
  claims: LoginClaims;
  /** The customer as the store has it now (the token may be older than a plan change). */
  customer: RegisteredCustomer;
}

/**
 * Lets a request through only with a valid login token of a customer who still exists: a
 * missing, expired, tampered, unsigned or foreign token, an erased customer, or a token issued
 * before the last password change is a 401 `{ message: 'User not authorized' }`.
 */
export const requireAuth =
  (backend: Pick<Backend, 'jwtSecret' | 'clock' | 'store'>): RequestHandler =>
  async (req, res, next) => {
    const token = req.get(AUTH_TOKEN_HEADER);
    const claims = token ? await verifyLoginToken(backend.jwtSecret, token, backend.clock()) : null;
    const customer = claims ? await loadRegisteredCustomer(backend.store, claims.customerId) : null;
    if (!claims || !customer || issuedBeforePasswordChange(claims, customer))
      throw new HttpError(401, NOT_AUTHORIZED_MESSAGE);
    const auth: AuthContext = { customerId: customer.customerId, claims, customer };
    res.locals.auth = auth;
    next();
  };

/** A password change logs out every session that started before it. */
const issuedBeforePasswordChange = (claims: LoginClaims, customer: RegisteredCustomer): boolean => {
  if (customer.passwordChangedAt === null) return false;
  const issuedAt = (claims as LoginClaims & { iat?: unknown }).iat;
  const changedAt = Math.floor(Date.parse(customer.passwordChangedAt) / 1000);
  return typeof issuedAt !== 'number' || issuedAt < changedAt;
};

/** The authenticated customer of a request that passed `requireAuth`. */
export const authOf = (res: Response): AuthContext => {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new Error('authOf() needs requireAuth() earlier in the chain');
  return auth;
};
