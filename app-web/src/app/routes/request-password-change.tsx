import { PageFrame } from '../../components/layout/page-frame';
import { RequestPasswordChangeForm } from '../../features/password-recovery/request-password-change-form';
import { usePageMeta } from '../../lib/use-page-meta';
import { passwordRecoveryFeature } from '../features/password-recovery';

export const RequestPasswordChangeRoute = () => {
  usePageMeta('Password Recovery', '/request-password-change');
  return (
    <PageFrame
      eyebrow="Password recovery"
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to set a new password."
      width="narrow"
    >
      <RequestPasswordChangeForm />
    </PageFrame>
  );
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [passwordRecoveryFeature];
