import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';

export interface RateLimit {
  windowMs: number;
  limit: number;
}

/**
 * Limits of the login service's abuse-prone routes. Per IP against one client hammering many
 * accounts, per email against many clients hammering one account.
 */
export interface AccountRateLimits {
  /** POST /api/authenticate, every attempt. */
  loginPerIp: RateLimit;
  /** POST /api/authenticate, failed attempts only: a correct password does not use it up. */
  loginPerEmail: RateLimit;
  /** Verification and recovery mails. */
  mailPerIp: RateLimit;
  mailPerEmail: RateLimit;
  /** POST /api/register (each costs a password hash and a mail). */
  registerPerIp: RateLimit;
}

const MINUTE = 60 * 1000;

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  loginPerIp: { windowMs: MINUTE, limit: 10 },
  loginPerEmail: { windowMs: 15 * MINUTE, limit: 5 },
  mailPerIp: { windowMs: 15 * MINUTE, limit: 10 },
  mailPerEmail: { windowMs: 15 * MINUTE, limit: 3 },
  registerPerIp: { windowMs: 60 * MINUTE, limit: 30 },
};

export type LimitedBy = 'ip' | { emailFrom: 'body' | 'query' };

export interface LimiterOptions extends RateLimit {
  by: LimitedBy;
  /** The 429 body: a text for routes whose body the web app shows as is, otherwise `{ message }`. */
  respond: { text: string } | { message: string };
  /** Count only failed requests (status 400 and up). */
  countFailuresOnly?: boolean;
  logger: Logger;
}

/** Keys never hold an address in clear: a digest of the normalized email. */
const emailKey = (email: string) =>
  `email:${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;

const emailOf = (req: Request, from: 'body' | 'query'): unknown =>
  from === 'body' ? (req.body as { email?: unknown } | undefined)?.email : req.query.email;

export const createRateLimiter = (options: LimiterOptions): RequestHandler => {
  const { by, respond, logger } = options;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    requestPropertyName: by === 'ip' ? 'rateLimitByIp' : 'rateLimitByEmail',
    skipSuccessfulRequests: options.countFailuresOnly ?? false,
    // A request without a usable email is the validator's business (a 400), not this limiter's.
    skip: (req) => by !== 'ip' && typeof emailOf(req, by.emailFrom) !== 'string',
    keyGenerator: (req) =>
      by === 'ip'
        ? `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`
        : emailKey(emailOf(req, by.emailFrom) as string),
    handler: (_req: Request, res: Response) => {
      res.status(429);
      if ('text' in respond) res.type('text/plain').send(respond.text);
      else res.json(respond);
    },
    // The library's warnings go to our log, never with a key (keys of emails are digests anyway).
    logger: {
      warn: (error: unknown) =>
        logger.warn({ code: (error as { code?: string }).code }, 'rate limiter warning'),
      error: (error: unknown) =>
        logger.error({ code: (error as { code?: string }).code }, 'rate limiter error'),
    },
  });
};
