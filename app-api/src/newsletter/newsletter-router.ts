import express, { type Router } from 'express';
import {
  emailQuerySchema,
  fieldErrors,
  validationErrorBody,
  verifyEmailQuerySchema,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { createRateLimiter, type RateLimit } from '../auth/rate-limits.js';
import { HttpError } from '../http/http-error.js';
import { createNewsletterService, NEWSLETTER_MESSAGES } from './newsletter-service.js';

export { NEWSLETTER_MESSAGES };

/** Where the confirmation link lands: the landing page's newsletter section says how it went. */
export const NEWSLETTER_CONFIRMED_REDIRECT = '/?newsletter=confirmed#newsletter';
export const NEWSLETTER_INVALID_REDIRECT = '/?newsletter=invalid#newsletter';

export interface NewsletterRateLimits {
  perIp: RateLimit;
  perEmail: RateLimit;
}

const MINUTE = 60 * 1000;
export const DEFAULT_NEWSLETTER_RATE_LIMITS: NewsletterRateLimits = {
  perIp: { windowMs: 15 * MINUTE, limit: 10 },
  perEmail: { windowMs: 15 * MINUTE, limit: 3 },
};

/**
 * The landing page's newsletter (double opt-in, see `createNewsletterService`): POST /newsletter
 * mails a signed link; only GET /newsletter/confirm records the subscription.
 */
export const newsletterRouter = (
  backend: Backend,
  rateLimits: Partial<NewsletterRateLimits> = {},
): Router => {
  const limits = { ...DEFAULT_NEWSLETTER_RATE_LIMITS, ...rateLimits };
  const { logger } = backend;
  const respond = { message: NEWSLETTER_MESSAGES.tooManyRequests };
  const counters = backend.rateLimits;
  const name = 'newsletter';
  const perIp = createRateLimiter({ ...limits.perIp, name, counters, by: 'ip', respond, logger });
  const perEmail = createRateLimiter({
    ...limits.perEmail,
    name,
    counters,
    by: { emailFrom: 'body' },
    respond,
    logger,
  });
  const newsletter = createNewsletterService(backend);
  const router = express.Router();

  router.post('/newsletter', perIp, perEmail, async (req, res) => {
    const input = fieldErrors(emailQuerySchema, req.body);
    if (!input.ok) {
      const body = validationErrorBody(input.errors);
      throw new HttpError(400, body.message, body.errors);
    }
    // The same answer either way, so the form tells nobody who is subscribed; confirmed ones get no mail.
    await newsletter.signUp(input.value.email);
    res.status(202).json({ message: NEWSLETTER_MESSAGES.confirmationSent });
  });

  router.get('/newsletter/confirm', async (req, res) => {
    const query = fieldErrors(verifyEmailQuerySchema, req.query);
    const confirmed = query.ok && (await newsletter.confirm(query.value.secret));
    res.redirect(303, confirmed ? NEWSLETTER_CONFIRMED_REDIRECT : NEWSLETTER_INVALID_REDIRECT);
  });

  return router;
};
