import { LandingPage } from '../../features/landing/landing-page';
import { usePageMeta } from '../../lib/use-page-meta';

/** / and /log-out (product-spec §2). */
export const LandingRoute = () => {
  usePageMeta('Your drumming practice guide', '/');
  return <LandingPage />;
};
