import { PageFrame } from '../../components/layout/page-frame';
import { AboutPage } from '../../features/about/about-page';
import { usePageMeta } from '../../lib/use-page-meta';

export const AboutUsRoute = () => {
  usePageMeta('About Us', '/about-us');
  return (
    <PageFrame
      eyebrow="About Us"
      title="A drummer and a developer"
      lead="Stickwork started in a drum lesson in Berlin: one of us teaches, the other builds. Together we make the practice guide we always wanted."
    >
      <AboutPage />
    </PageFrame>
  );
};
