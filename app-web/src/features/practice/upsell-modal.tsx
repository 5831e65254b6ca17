import {
  PAID_TIERS,
  priceIdFor,
  TIER_DISPLAY_NAMES,
  TIER_FEATURES,
  TRIAL_DAYS,
  type BillingPeriod,
  type PaidTier,
} from '@stickwork/domain';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { ButtonLink } from '../../components/button/button';
import { Modal } from '../../components/modal/modal';
import { Switch } from '../../components/switch/switch';
import { selectTokenPayload } from '../../lib/session/session-slice';
import { MOST_POPULAR_TIER, tierOffer } from '../../lib/tier-offer';
import { PracticeCarousel } from './practice-carousel';

const TierSlide = ({ tier, period }: { tier: PaidTier; period: BillingPeriod }) => {
  const offer = tierOffer(tier, period);
  return (
    <div className="upsell-tier">
      <h3 className="upsell-tier__name">
        {TIER_DISPLAY_NAMES[tier]}
        {tier === MOST_POPULAR_TIER ? <span className="upsell-tier__ribbon">Most popular</span> : null}
      </h3>
      <p className="upsell-tier__price">
        {offer.perMonth}
        <span> / month</span>
      </p>
      <p className="upsell-tier__billing">{offer.billing}</p>
      <ul className="upsell-tier__features">
        {TIER_FEATURES[tier]
          .filter((feature) => !feature.comingSoon)
          .map((feature) => (
            <li key={feature.text}>{feature.text}</li>
          ))}
      </ul>
    </div>
  );
};

const START_INDEX = PAID_TIERS.indexOf(MOST_POPULAR_TIER);

/**
 * Opened by a 429 on the session request (product-spec §2 "Upsell modal"). It opens on the plan the
 * pricing page marks most popular; 'Upgrade Now' goes straight to the checkout of the plan and the
 * billing period in view. Only a customer's first paid checkout starts the trial: the token's
 * status says 'freemium' only for a customer who never subscribed (an ended subscription reads
 * 'canceled'), so the trial is mentioned just then.
 */
export const UpsellModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [tier, setTier] = useState<PaidTier>(MOST_POPULAR_TIER);
  const trialAvailable = useSelector(selectTokenPayload)?.subscription_status === 'freemium';
  return (
    <Modal
      open={open}
      title="You've reached your daily limit"
      onClose={onClose}
      footer={
        <ButtonLink to={`/checkout/${priceIdFor(tier, period)}`} onClick={onClose}>
          Upgrade Now
        </ButtonLink>
      }
    >
      <p>Free accounts practise 3 lessons a day. Upgrade for unlimited lessons and practice time.</p>
      {trialAvailable ? (
        <p className="upsell-trial">
          Every plan starts with a {TRIAL_DAYS}-day free trial: nothing is charged before it ends, and you can
          cancel until then.
        </p>
      ) : null}
      <Switch
        label="Billed yearly"
        checked={period === 'yearly'}
        onChange={(yearly) => setPeriod(yearly ? 'yearly' : 'monthly')}
      />
      <PracticeCarousel
        label="Plans"
        slidesPerView={1}
        startIndex={START_INDEX}
        onSlideChange={(index) => setTier(PAID_TIERS[index] ?? MOST_POPULAR_TIER)}
        slides={PAID_TIERS.map((paid) => ({ key: paid, content: <TierSlide tier={paid} period={period} /> }))}
      />
    </Modal>
  );
};
