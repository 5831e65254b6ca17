import { LandingPage } from '../../features/landing/landing-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { landingFeature } from '../features/landing';

/** / and /log-out (product-spec §2). */
export const LandingRoute = () => {
  usePageMeta('Your drumming practice guide', '/');
  return <LandingPage />;
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [landingFeature];
