import { Link } from 'react-router-dom';
import { ComingSoon } from '../../components/layout/coming-soon';
import { PageFrame } from '../../components/layout/page-frame';
import { usePageMeta } from '../../lib/use-page-meta';

// NEXT: the login form (Email, Password, 'No account?', 'Forgot your password?', login button;
// POST /api/authenticate, body text under the email field on failure, tokenReceived + /launch-overview).
export const LoginRoute = () => {
  usePageMeta('Login', '/login');
  return (
    <PageFrame
      eyebrow="Welcome back"
      title="Login"
      lead="Log in to pick up your practice where you left it."
      width="narrow"
    >
      <ComingSoon what="The login form">
        <div className="link-row">
          <Link to="/register">No account?</Link>
          <Link to="/request-password-change">Forgot your password?</Link>
        </div>
      </ComingSoon>
    </PageFrame>
  );
};
