import { LaunchOverviewPage } from '../../features/practice/launch-overview-page';
import { usePageMeta } from '../../lib/use-page-meta';

export const LaunchOverviewRoute = () => {
  usePageMeta('Practice', '/launch-overview');
  return <LaunchOverviewPage />;
};
