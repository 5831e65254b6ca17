import { useState } from 'react';
import { ButtonLink } from '../../components/button/button';
import { pickSlogan } from './upsell-slogans';

/** The freemium banner: one slogan per visit, and the way to the plans. */
export const UpsellBanner = ({ random = Math.random }: { random?: () => number }) => {
  const [slogan] = useState(() => pickSlogan(random()));
  return (
    <aside className="upsell-banner" aria-label="Upgrade">
      <p className="upsell-banner__slogan">{slogan}</p>
      <ButtonLink to="/pricing" variant="on-ink" size="sm">
        See plans
      </ButtonLink>
    </aside>
  );
};
