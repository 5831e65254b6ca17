import { PageFrame } from '../../components/layout/page-frame';
import { PricingPage } from '../../features/pricing/pricing-page';
import { usePageMeta } from '../../lib/use-page-meta';

export const PricingRoute = () => {
  usePageMeta('Pricing', '/pricing');
  return (
    <PageFrame
      eyebrow="Pricing"
      title="Plans for every drummer"
      lead="Start free with 3 lessons a day. Upgrade for unlimited practice, Drum Pad mode and lessons with your teacher."
    >
      <PricingPage />
    </PageFrame>
  );
};
