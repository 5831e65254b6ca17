import { TestPortalPage } from '../../features/checkout/test-portal-page';
import { usePageMeta } from '../../lib/use-page-meta';

export const TestPaymentsPortalRoute = () => {
  usePageMeta('Manage your subscription', '/test-payments/portal');
  return <TestPortalPage />;
};
