import { LaunchOverviewPage } from '../../features/practice/launch-overview-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { practiceFeature } from '../features/practice';

export const LaunchOverviewRoute = () => {
  usePageMeta('Practice', '/launch-overview');
  return <LaunchOverviewPage />;
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [practiceFeature];
