import { match } from 'ts-pattern';
import type { Decider, DomainCommand } from '../decider/decider.js';
import type { NewsletterEvent } from './newsletter-events.js';

export type NewsletterState = { confirmed: boolean };

/** The visitor followed the mailed link (its signature and age are checked before the command). */
export type ConfirmNewsletterSubscription = DomainCommand<'ConfirmNewsletterSubscription', { email: string }>;
export type NewsletterCommand = ConfirmNewsletterSubscription;

/**
 * One address's newsletter subscription. Confirming twice (a second click on the link, or two at
 * once: the handler decides again on the fresher stream) records it once.
 */
export const newsletterDecider: Decider<NewsletterState, NewsletterCommand, NewsletterEvent> = {
  initialState: () => ({ confirmed: false }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'NewsletterSubscriptionConfirmed' }, () => ({ ...state, confirmed: true }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'ConfirmNewsletterSubscription' }, ({ data, metadata }): NewsletterEvent[] =>
        state.confirmed
          ? []
          : [
              {
                type: 'NewsletterSubscriptionConfirmed',
                data: { email: data.email, confirmedAt: metadata.now.toISOString() },
              },
            ],
      )
      .exhaustive(),
};
