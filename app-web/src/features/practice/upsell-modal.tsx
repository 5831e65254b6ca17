import { formatCents, PAID_TIERS, PRICES, type BillingPeriod, type PaidTier } from '@stickwork/domain';
import { useState } from 'react';
import { ButtonLink } from '../../components/button/button';
import { Modal } from '../../components/modal/modal';
import { Switch } from '../../components/switch/switch';
import { PracticeCarousel } from './practice-carousel';

const TIER_NAMES: Record<PaidTier, string> = { basic: 'Basic', premium: 'Premium', exclusive: 'Exclusive' };

/** What each tier adds (product-spec §6). */
const TIER_FEATURES: Record<PaidTier, string[]> = {
  basic: ['Unlimited lessons every day', 'Unlimited practice time'],
  premium: ['Everything in Basic', 'All skill preferences at once', 'Drum Pad only lessons'],
  exclusive: ['Everything in Premium', '4 online lessons a year with your teacher'],
};

const TierSlide = ({ tier, period }: { tier: PaidTier; period: BillingPeriod }) => {
  const price = PRICES[tier];
  return (
    <div className="upsell-tier">
      <h3 className="upsell-tier__name">{TIER_NAMES[tier]}</h3>
      <p className="upsell-tier__price">
        €{formatCents(period === 'monthly' ? price.monthlyCents : price.yearlyPerMonthCents)}
        <span> / month</span>
      </p>
      <p className="upsell-tier__billing">
        {period === 'monthly' ? 'billed monthly' : `billed €${formatCents(price.yearlyTotalCents)} yearly`}
      </p>
      <ul className="upsell-tier__features">
        {TIER_FEATURES[tier].map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </div>
  );
};

/** Opened by a 429 on the session request (product-spec §2 "Upsell modal"). */
export const UpsellModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <Modal
      open={open}
      title="You've reached your daily limit"
      onClose={onClose}
      footer={
        <ButtonLink to="/pricing" onClick={onClose}>
          Upgrade Now
        </ButtonLink>
      }
    >
      <p>Free accounts practise 3 lessons a day. Upgrade for unlimited lessons and practice time.</p>
      <Switch
        label="Billed yearly"
        checked={period === 'yearly'}
        onChange={(yearly) => setPeriod(yearly ? 'yearly' : 'monthly')}
      />
      <PracticeCarousel
        label="Plans"
        slidesPerView={1}
        slides={PAID_TIERS.map((tier) => ({ key: tier, content: <TierSlide tier={tier} period={period} /> }))}
      />
    </Modal>
  );
};
