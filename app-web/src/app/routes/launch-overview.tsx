import { useSelector } from 'react-redux';
import { ComingSoon } from '../../components/layout/coming-soon';
import { PageFrame } from '../../components/layout/page-frame';
import { selectFirstName } from '../../lib/session/session-slice';
import { usePageMeta } from '../../lib/use-page-meta';

// NEXT: stats overview, upsell banner for freemium, and the carousel of Resume Practice, Customize
// your practice and Recommended lessons (Carousel from components/carousel: 2 per view, 1 below 650 px).
export const LaunchOverviewRoute = () => {
  usePageMeta('Practice', '/launch-overview');
  const firstName = useSelector(selectFirstName);
  return (
    <PageFrame
      eyebrow="Practice"
      title={firstName ? `Hi ${firstName}!` : 'Hi there!'}
      lead="Pick your skills and your time, and Stickwork puts together today's session."
    >
      <h2>Jump right into your practice session</h2>
      <ComingSoon what="Your practice session" />
    </PageFrame>
  );
};
