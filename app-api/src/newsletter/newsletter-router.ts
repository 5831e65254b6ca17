import express, { type Router } from 'express';
import {
  emailQuerySchema,
  fieldErrors,
  isWrongExpectedRevision,
  validationErrorBody,
  verifyEmailQuerySchema,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { createRateLimiter, type RateLimit } from '../auth/rate-limits.js';
import { HttpError } from '../http/http-error.js';
import { newsletterConfirmationMail } from './newsletter-mail.js';
import { newsletterStreamFor } from './newsletter-stream.js';
import { issueNewsletterSecret, verifyNewsletterSecret } from './newsletter-secret.js';

export const NEWSLETTER_MESSAGES = {
  confirmationSent:
    'Thanks for signing up! Please confirm your subscription with the link we just emailed you.',
  mailFailed: 'We could not send the confirmation email right now. Please try again later.',
  tooManyRequests: 'Too many sign-ups. Please wait a few minutes and try again.',
} as const;

/** Where the confirmation link lands: the landing page's newsletter section says how it went. */
export const NEWSLETTER_CONFIRMED_REDIRECT = '/?newsletter=confirmed#newsletter';
export const NEWSLETTER_INVALID_REDIRECT = '/?newsletter=invalid#newsletter';

export const NEWSLETTER_SUBSCRIPTION_CONFIRMED = 'NewsletterSubscriptionConfirmed';

export interface NewsletterRateLimits {
  perIp: RateLimit;
  perEmail: RateLimit;
}

const MINUTE = 60 * 1000;
export const DEFAULT_NEWSLETTER_RATE_LIMITS: NewsletterRateLimits = {
  perIp: { windowMs: 15 * MINUTE, limit: 10 },
  perEmail: { windowMs: 15 * MINUTE, limit: 3 },
};

const isConfirmed = async (backend: Backend, email: string) =>
  (await backend.store.readStream(newsletterStreamFor(email), { maxCount: 1 })).length > 0;

/**
 * The landing page's newsletter with double opt-in through the mail port: POST /newsletter mails a
 * signed link; only GET /newsletter/confirm records the subscription, as NewsletterSubscriptionConfirmed
 * on newsletter-<sha256(email)>. The event keeps the address and time: the proof of consent a
 * newsletter needs.
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
  const router = express.Router();

  router.post('/newsletter', perIp, perEmail, async (req, res) => {
    const input = fieldErrors(emailQuerySchema, req.body);
    if (!input.ok) {
      const body = validationErrorBody(input.errors);
      throw new HttpError(400, body.message, body.errors);
    }
    const email = input.value.email.toLowerCase();
    // The same answer either way, so the form tells nobody who is subscribed; confirmed ones get no mail.
    if (!(await isConfirmed(backend, email))) {
      const secret = await issueNewsletterSecret(backend.jwtSecret, email, backend.clock());
      const link = `${backend.config.publicUrl}/api/newsletter/confirm?secret=${encodeURIComponent(secret)}`;
      try {
        await backend.mailer.send(newsletterConfirmationMail(email, link));
      } catch (error) {
        logger.error({ errorName: (error as Error).name }, 'could not send the newsletter confirmation mail');
        throw new HttpError(503, NEWSLETTER_MESSAGES.mailFailed);
      }
    }
    res.status(202).json({ message: NEWSLETTER_MESSAGES.confirmationSent });
  });

  router.get('/newsletter/confirm', async (req, res) => {
    const query = fieldErrors(verifyEmailQuerySchema, req.query);
    const now = backend.clock();
    const email = query.ok ? await verifyNewsletterSecret(backend.jwtSecret, query.value.secret, now) : null;
    if (email === null) return res.redirect(303, NEWSLETTER_INVALID_REDIRECT);
    try {
      await backend.store.appendToStream(
        newsletterStreamFor(email),
        [
          {
            type: NEWSLETTER_SUBSCRIPTION_CONFIRMED,
            data: { email, confirmedAt: now.toISOString() },
            metadata: { schemaVersion: 1, time: now.toISOString() },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      logger.info('newsletter subscription confirmed');
    } catch (error) {
      // A second click on the link: already subscribed, which is what the visitor wanted.
      if (!isWrongExpectedRevision(error)) throw error;
    }
    res.redirect(303, NEWSLETTER_CONFIRMED_REDIRECT);
  });

  return router;
};
