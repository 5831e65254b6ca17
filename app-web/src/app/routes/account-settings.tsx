import { PageFrame } from '../../components/layout/page-frame';
import { AccountSettingsPage } from '../../features/account/account-settings-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { accountFeature } from '../features/account';

export const AccountSettingsRoute = () => {
  usePageMeta('Account Settings', '/account-settings');
  return (
    <PageFrame
      eyebrow="Profile"
      title="Account Settings"
      lead="Your account, your subscription and your data."
    >
      <AccountSettingsPage />
    </PageFrame>
  );
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [accountFeature];
