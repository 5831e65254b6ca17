import { TIER_DISPLAY_NAMES, type Tier } from '@stickwork/domain';
import { useSelector } from 'react-redux';
import { ButtonLink } from '../../components/button/button';
import { FrameCard } from '../../components/layout/frame-card';
import { PageFrame } from '../../components/layout/page-frame';
import { selectTokenPayload } from '../../lib/session/session-slice';
import { usePageMeta } from '../../lib/use-page-meta';

const isTier = (value: unknown): value is Tier =>
  typeof value === 'string' && Object.hasOwn(TIER_DISPLAY_NAMES, value);

export const SubscriptionSuccessRoute = () => {
  usePageMeta('Welcome', '/subscription-success');
  const payload = useSelector(selectTokenPayload);
  const firstName = payload?.firstname;
  const tier = isTier(payload?.activeTier) && payload.activeTier !== 'freemium' ? payload.activeTier : null;
  return (
    <PageFrame
      eyebrow={firstName ? `Hi ${firstName}!` : 'Hi!'}
      title={tier ? `Welcome to Stickwork ${TIER_DISPLAY_NAMES[tier]}` : 'Welcome to Stickwork'}
      width="narrow"
    >
      <FrameCard>
        <p>
          Thank you for subscribing. A confirmation mail is on its way to the email address of your account.
        </p>
        <ButtonLink to="/launch-overview" size="lg">
          Start practising
        </ButtonLink>
      </FrameCard>
    </PageFrame>
  );
};
