import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { customerRateLimitKey, type RateLimitCounters } from './rate-limit-counters.js';
import { authOf } from './require-auth.js';

export interface RateLimit {
  windowMs: number;
  limit: number;
}

/**
 * Limits of the login service's abuse-prone routes. Per IP against one client hammering many
 * accounts; logins per email are the login throttle's business (login-throttle.ts).
 */
export interface AccountRateLimits {
  /** POST /api/authenticate, every attempt. */
  loginPerIp: RateLimit;
  /** Verification and recovery mails. */
  mailPerIp: RateLimit;
  mailPerEmail: RateLimit;
  /** POST /api/register (each costs a password hash and a mail). */
  registerPerIp: RateLimit;
}

const MINUTE = 60 * 1000;

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  loginPerIp: { windowMs: MINUTE, limit: 10 },
  mailPerIp: { windowMs: 15 * MINUTE, limit: 10 },
  mailPerEmail: { windowMs: 15 * MINUTE, limit: 3 },
  registerPerIp: { windowMs: 60 * MINUTE, limit: 30 },
};

export type LimitedBy = 'ip' | { emailFrom: 'body' | 'query' };

export interface LimiterOptions extends RateLimit {
  /** Names the counters (keys are `name:ip:…` / `name:email:…`), so limiters never share them. */
  name: string;
  counters: RateLimitCounters;
  by: LimitedBy;
  /** The 429 body: a text for routes whose body the web app shows as is, otherwise `{ message }`. */
  respond: { text: string } | { message: string };
  logger: Logger;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Keys never hold an address in clear: a digest of the normalized email. */
export const emailKey = (email: string) => `email:${digest(email.trim().toLowerCase())}`;
/** Nor a client address: a digest of it (IPv6 grouped by its /56 network first). */
export const ipKey = (ip: string | undefined) => `ip:${digest(ipKeyGenerator(ip ?? 'unknown'))}`;

const emailOf = (req: Request, from: 'body' | 'query'): unknown =>
  from === 'body' ? (req.body as { email?: unknown } | undefined)?.email : req.query.email;

/**
 * express-rate-limit's store interface over the rate-limit port: a limiter given it counts in the
 * shared table (every process on the host, kept across restarts), its keys prefixed by `name`.
 */
export const counterStore = (counters: RateLimitCounters, name: string): Store => {
  let windowMs = MINUTE;
  const toInfo = (counter: { hits: number; resetAt: number } | null) =>
    counter ? { totalHits: counter.hits, resetTime: new Date(counter.resetAt) } : undefined;
  return {
    init: (options: Options) => {
      windowMs = options.windowMs;
    },
    get: async (key) => toInfo(await counters.get(`${name}:${key}`)),
    increment: async (key) => toInfo(await counters.hit(`${name}:${key}`, windowMs))!,
    decrement: (key) => counters.undo(`${name}:${key}`),
    resetKey: (key) => counters.reset(`${name}:${key}`),
    // Counters live in a table shared with other processes, not in this one.
    localKeys: false,
  };
};

export const createRateLimiter = (options: LimiterOptions): RequestHandler => {
  const { by, respond, logger } = options;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // ipKey() runs ipKeyGenerator itself; the library cannot see that through the call.
    validate: { keyGeneratorIpFallback: false },
    store: counterStore(options.counters, options.name),
    requestPropertyName: by === 'ip' ? 'rateLimitByIp' : 'rateLimitByEmail',
    // A request without a usable email is the validator's business (a 400), not this limiter's.
    skip: (req) => by !== 'ip' && typeof emailOf(req, by.emailFrom) !== 'string',
    keyGenerator: (req) => (by === 'ip' ? ipKey(req.ip) : emailKey(emailOf(req, by.emailFrom) as string)),
    handler: (_req: Request, res: Response) => {
      res.status(429);
      if ('text' in respond) res.type('text/plain').send(respond.text);
      else res.json(respond);
    },
    // The library's warnings go to our log, never with a key (keys are digests anyway).
    logger: {
      warn: (error: unknown) =>
        logger.warn({ code: (error as { code?: string }).code }, 'rate limiter warning'),
      error: (error: unknown) =>
        logger.error({ code: (error as { code?: string }).code }, 'rate limiter error'),
    },
  });
};

export interface CustomerLimiterOptions extends RateLimit {
  /** Names the counters (keys are `name:customer:<id>`), so limiters never share them. */
  name: string;
  counters: RateLimitCounters;
  /** The 429 body's `{ message }`. */
  message: string;
}

/**
 * A limit per logged-in customer (after the login check), counted in the shared table; past it,
 * 429 with `Retry-After` and the RateLimit headers (IETF draft 8).
 */
export const createCustomerRateLimiter = (options: CustomerLimiterOptions): RequestHandler =>
  rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: counterStore(options.counters, options.name),
    keyGenerator: (_req, res) => customerRateLimitKey(authOf(res).customerId),
    handler: (_req, res) => void res.status(429).json({ message: options.message }),
  });
