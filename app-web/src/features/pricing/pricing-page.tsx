import {
  PAID_TIERS,
  TIER_DISPLAY_NAMES,
  TIER_FEATURES,
  type BillingPeriod,
  type PaidTier,
} from '@stickwork/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/button/button';
import { CheckIcon } from '../../components/icons/icons';
import { maxYearlySavingPercent, MOST_POPULAR_TIER, tierOffer } from '../../lib/tier-offer';
import './pricing-page.css';

const TAGLINES: Record<PaidTier, string> = {
  basic: 'Practise as much as you like',
  premium: 'Every skill, anywhere, even on a pad',
  exclusive: 'Stickwork plus your teacher in person, online',
};

const HIGHLIGHTED = MOST_POPULAR_TIER;

const BillingToggle = ({
  period,
  onChange,
}: {
  period: BillingPeriod;
  onChange: (p: BillingPeriod) => void;
}) => {
  const name = useId();
  return (
    <fieldset className="billing-toggle">
      <legend className="visually-hidden">Billing period</legend>
      {(['monthly', 'yearly'] as const).map((option) => (
        <label key={option} className="billing-toggle__option" data-checked={period === option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={period === option}
            onChange={() => onChange(option)}
          />
          {option === 'monthly' ? 'Monthly' : 'Yearly'}
          {option === 'yearly' ? (
            <span className="billing-toggle__hint">save up to {maxYearlySavingPercent()}%</span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
};

/** The static comparison of the paid tiers (product-spec §2 pricing, §6 features, §9 prices). */
export const PricingPage = () => {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <>
      <div className="pricing-page__toggle-row">
        <BillingToggle period={period} onChange={setPeriod} />
      </div>
      <ul className="tiers">
        {PAID_TIERS.map((tier) => {
          const offer = tierOffer(tier, period);
          const name = TIER_DISPLAY_NAMES[tier];
          const headingId = `tier-${tier}`;
          return (
            <li key={tier} className="tier card" data-highlighted={tier === HIGHLIGHTED}>
              <section aria-labelledby={headingId}>
                {tier === HIGHLIGHTED ? <span className="tier__ribbon">Most popular</span> : null}
                <h2 id={headingId} className="tier__name">
                  {name}
                </h2>
                <p className="tier__tagline">{TAGLINES[tier]}</p>
                <p className="tier__price">
                  <span className="tier__amount">{offer.perMonth}</span> / month
                </p>
                <p className="tier__billing">
                  {offer.billing}
                  {offer.saving ? <span className="tier__saving">{offer.saving}</span> : null}
                </p>
                <ButtonLink
                  to={offer.checkoutPath}
                  variant={tier === HIGHLIGHTED ? 'primary' : 'secondary'}
                  className="tier__cta"
                  aria-label={`Choose ${name} ${period}`}
                >
                  Choose {name}
                </ButtonLink>
                <ul className="tier__features">
                  {TIER_FEATURES[tier].map((feature) => (
                    <li key={feature.text}>
                      <CheckIcon size={18} />
                      <span>
                        {feature.text}
                        {feature.comingSoon ? <span className="tier__soon">coming soon</span> : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            </li>
          );
        })}
      </ul>
      <div className="pricing-notes">
        <p>
          Your first paid plan starts with a <strong>14-day free trial</strong>. All prices in euros and
          including VAT. Cancel any time to the end of the billing period.
        </p>
        <p>
          Not sure yet? The free plan gives you 3 lessons every day, no credit card needed.{' '}
          <Link to="/register">Join for Free</Link>
        </p>
      </div>
    </>
  );
};
