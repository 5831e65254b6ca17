import {
  handleCommand,
  loadState,
  newsletterDecider,
  newsletterEventSchemaVersions,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { HttpError } from '../http/http-error.js';
import { newsletterConfirmationMail } from './newsletter-mail.js';
import { issueNewsletterSecret, verifyNewsletterSecret } from './newsletter-secret.js';

export const NEWSLETTER_MESSAGES = {
  confirmationSent:
    'Thanks for signing up! Please confirm your subscription with the link we just emailed you.',
  mailFailed: 'We could not send the confirmation email right now. Please try again later.',
  tooManyRequests: 'Too many sign-ups. Please wait a few minutes and try again.',
} as const;

type NewsletterBackend = Pick<
  Backend,
  'store' | 'clock' | 'jwtSecret' | 'mailer' | 'logger' | 'config' | 'reservations'
>;

/**
 * The landing page's newsletter with double opt-in through the mail port: a sign-up mails a signed
 * link; only following it records the subscription (`ConfirmNewsletterSubscription` through the
 * newsletter decider, on newsletter-<keyed digest of the address>).
 */
export const createNewsletterService = (backend: NewsletterBackend) => {
  const { store, logger, reservations } = backend;
  const load = (email: string) =>
    loadState(store, reservations.newsletter(email), newsletterDecider, newsletterEventSchemaVersions);

  return {
    /** POST /newsletter: mails the confirmation link, unless the address is confirmed already. */
    async signUp(email: string): Promise<void> {
      const address = email.toLowerCase();
      if ((await load(address)).confirmed) return;
      const secret = await issueNewsletterSecret(backend.jwtSecret, address, backend.clock());
      const link = `${backend.config.publicUrl}/api/newsletter/confirm?secret=${encodeURIComponent(secret)}`;
      try {
        await backend.mailer.send(newsletterConfirmationMail(address, link));
      } catch (error) {
        logger.error({ errorName: (error as Error).name }, 'could not send the newsletter confirmation mail');
        throw new HttpError(503, NEWSLETTER_MESSAGES.mailFailed);
      }
    },

    /**
     * GET /newsletter/confirm: false for a link that is not genuine or has expired; a second click
     * is fine (already subscribed, which is what the visitor wanted) and records nothing.
     */
    async confirm(secret: string): Promise<boolean> {
      const now = backend.clock();
      const email = await verifyNewsletterSecret(backend.jwtSecret, secret, now);
      if (email === null) return false;
      const { events } = await handleCommand(
        store,
        reservations.newsletter(email),
        newsletterDecider,
        newsletterEventSchemaVersions,
        { type: 'ConfirmNewsletterSubscription', data: { email }, metadata: { now } },
      );
      if (events.length > 0) logger.info('newsletter subscription confirmed');
      return true;
    },
  };
};
