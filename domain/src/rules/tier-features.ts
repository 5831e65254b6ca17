import type { Tier } from './plans.js';
import { FREEMIUM_DAILY_LESSONS } from './plans.js';

export interface TierFeature {
  text: string;
  /** Announced but not available yet; the pricing page marks it. */
  comingSoon?: true;
}

/** /lesson-history: every logged-in customer has it, on every plan (it was 'coming soon' in product-spec §6). */
const HISTORY_OF_LESSONS: TierFeature = { text: 'History of lessons' };

/** Features per tier for the pricing page and the upsell carousel (product-spec §6, DESIGN.md plans). */
export const TIER_FEATURES: Record<Tier, readonly TierFeature[]> = {
  freemium: [
    { text: `${FREEMIUM_DAILY_LESSONS} lessons per day` },
    { text: 'Up to 2 skills per practice session' },
    { text: 'Drum Kit lessons' },
    { text: 'Stats and progress' },
    HISTORY_OF_LESSONS,
  ],
  basic: [
    { text: 'Unlimited lessons' },
    { text: 'Unlimited practice time' },
    { text: 'Up to 2 skills per practice session' },
    { text: 'Drum Kit lessons' },
    { text: 'Stats and progress' },
    HISTORY_OF_LESSONS,
  ],
  premium: [
    { text: 'Unlimited lessons' },
    { text: 'Unlimited practice time' },
    { text: 'All skill preferences in one session' },
    { text: 'Drum-pad-only lessons' },
    { text: 'Stats and progress' },
    HISTORY_OF_LESSONS,
  ],
  exclusive: [
    { text: 'Unlimited lessons' },
    { text: 'Unlimited practice time' },
    { text: 'All skill preferences in one session' },
    { text: 'Drum-pad-only lessons' },
    { text: 'Stats and progress' },
    { text: '4 online lessons with the teacher per year (one every 3 months)' },
    HISTORY_OF_LESSONS,
  ],
};

export const TIER_DISPLAY_NAMES: Record<Tier, string> = {
  freemium: 'Freemium',
  basic: 'Basic',
  premium: 'Premium',
  exclusive: 'Exclusive',
};
