import { entitlementsFor, type SubscriptionStatus, type Tier } from '@stickwork/domain';
import type { TokenPayload } from '../../lib/session/jwt';
import { subscriptionView, type SubscriptionView } from './subscription-view';

const STATUSES: readonly SubscriptionStatus[] = ['freemium', 'trialing', 'active', 'past_due', 'canceled'];
const TIERS: readonly Tier[] = ['freemium', 'basic', 'premium', 'exclusive'];

/** What the token says about the plan; anything unreadable is freemium, the most limited reading. */
export const planOfToken = (payload: TokenPayload | null): { status: SubscriptionStatus; tier: Tier } => {
  const status = STATUSES.find((known) => known === payload?.subscription_status) ?? 'freemium';
  const tier = TIERS.find((known) => known === payload?.activeTier) ?? 'freemium';
  return { status, tier };
};

/** What one session may hold on the customer's plan: how many skills, and whether Drum Pad mode. */
export interface SessionLimits {
  maxSkills: number | null;
  drumPadMode: boolean;
}

/** The plan's session limits as the token states them; the server checks them again. */
export const sessionLimitsOfToken = (payload: TokenPayload | null): SessionLimits => {
  const { tier, status } = planOfToken(payload);
  const { maxSkillsPerSession, drumPadMode } = entitlementsFor(tier, status);
  return { maxSkills: maxSkillsPerSession, drumPadMode };
};

/** The banner and upsell rules of product-spec §4 for the logged-in customer. */
export const subscriptionViewOfToken = (payload: TokenPayload | null): SubscriptionView =>
  subscriptionView(planOfToken(payload));
