/** Plans (DESIGN.md "Rules this design decides"). */
export const PAID_TIERS = ['basic', 'premium', 'exclusive'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
export type Tier = 'freemium' | PaidTier;
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Subscription status as the token and customer-info report it (Stripe's words). */
export type SubscriptionStatus = 'freemium' | 'trialing' | 'active' | 'past_due' | 'canceled';

export const FREEMIUM_DAILY_LESSONS = 3;
export const TRIAL_DAYS = 14;

export interface Entitlements {
  /** Non-warm-up lessons a day, or null for unlimited. */
  dailyLessons: number | null;
  /** Skills one session may combine, or null for all. */
  maxSkillsPerSession: number | null;
  drumPadMode: boolean;
  onlineLessonsPerYear: number;
}

const ENTITLEMENTS: Record<Tier | 'trialing', Entitlements> = {
  freemium: {
    dailyLessons: FREEMIUM_DAILY_LESSONS,
    maxSkillsPerSession: 2,
    drumPadMode: false,
    onlineLessonsPerYear: 0,
  },
  basic: { dailyLessons: null, maxSkillsPerSession: 2, drumPadMode: false, onlineLessonsPerYear: 0 },
  premium: { dailyLessons: null, maxSkillsPerSession: null, drumPadMode: true, onlineLessonsPerYear: 0 },
  exclusive: { dailyLessons: null, maxSkillsPerSession: null, drumPadMode: true, onlineLessonsPerYear: 4 },
  trialing: { dailyLessons: null, maxSkillsPerSession: null, drumPadMode: true, onlineLessonsPerYear: 0 },
};

/**
 * What a customer may do. A trial unlocks everything but the teacher's online lessons; a
 * subscription that is past due keeps its tier through the grace period; canceled is freemium.
 */
export const entitlementsFor = (tier: Tier, status: SubscriptionStatus): Entitlements => {
  if (status === 'trialing') return ENTITLEMENTS.trialing;
  if (status === 'canceled' || status === 'freemium') return ENTITLEMENTS.freemium;
  return ENTITLEMENTS[tier];
};
