import { PageFrame } from '../../components/layout/page-frame';
import { LoginForm } from '../../features/login/login-form';
import { usePageMeta } from '../../lib/use-page-meta';
import { loginFeature } from '../features/login';

export const LoginRoute = () => {
  usePageMeta('Login', '/login');
  return (
    <PageFrame
      eyebrow="Welcome back"
      title="Login"
      lead="Log in to pick up your practice where you left it."
      width="narrow"
    >
      <LoginForm />
    </PageFrame>
  );
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [loginFeature];
