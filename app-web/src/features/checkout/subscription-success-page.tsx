import { TIER_DISPLAY_NAMES, type Tier } from '@stickwork/domain';
import { useSelector } from 'react-redux';
import { ButtonLink } from '../../components/button/button';
import { FrameCard } from '../../components/layout/frame-card';
import { PageFrame } from '../../components/layout/page-frame';
import { selectTokenPayload } from '../../lib/session/session-slice';
import { selectCustomerEmail } from './checkout-slice';

const isTier = (value: unknown): value is Tier =>
  typeof value === 'string' && Object.hasOwn(TIER_DISPLAY_NAMES, value);

/** /subscription-success (product-spec §2 "Checkout and success"). */
export const SubscriptionSuccessPage = () => {
  const payload = useSelector(selectTokenPayload);
  const customerEmail = useSelector(selectCustomerEmail);
  const firstName = payload?.firstname;
  const tier = isTier(payload?.activeTier) && payload.activeTier !== 'freemium' ? payload.activeTier : null;
  const trialing = payload?.subscription_status === 'trialing';
  return (
    <PageFrame
      eyebrow={firstName ? `Hi ${firstName}!` : 'Hi!'}
      title={tier ? `Welcome to Stickwork ${TIER_DISPLAY_NAMES[tier]}` : 'Welcome to Stickwork'}
      width="narrow"
    >
      <FrameCard>
        <p>
          Thank you for subscribing{trialing ? ': your 14-day free trial has started' : ''}.{' '}
          {customerEmail ? (
            <>
              A confirmation mail will be sent to <strong className="checkout__email">{customerEmail}</strong>
              .
            </>
          ) : (
            'A confirmation mail will be sent to the email address of your account.'
          )}
        </p>
        <ButtonLink to="/launch-overview" size="lg">
          Start practising
        </ButtonLink>
      </FrameCard>
    </PageFrame>
  );
};
