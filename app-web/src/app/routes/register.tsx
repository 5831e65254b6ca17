import { PageFrame } from '../../components/layout/page-frame';
import { RegistrationWizard } from '../../features/registration/registration-wizard';
import { usePageMeta } from '../../lib/use-page-meta';
import { registrationFeature } from '../features/registration';

export const RegisterRoute = () => {
  usePageMeta('Registration', '/register');
  return (
    <PageFrame
      eyebrow="Registration"
      title="Join Stickwork for free"
      lead="Tell us how you play today, and Stickwork builds every practice session around your level."
      width="narrow"
    >
      <RegistrationWizard />
    </PageFrame>
  );
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [registrationFeature];
