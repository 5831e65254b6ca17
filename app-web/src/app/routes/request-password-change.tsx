import { Link } from 'react-router-dom';
import { ComingSoon } from '../../components/layout/coming-soon';
import { PageFrame } from '../../components/layout/page-frame';
import { usePageMeta } from '../../lib/use-page-meta';

// NEXT: one email field and 'Request email for password change' (GET /api/pw-recovery?email=),
// with the success and failure messages of product-spec §8.
export const RequestPasswordChangeRoute = () => {
  usePageMeta('Password Recovery', '/request-password-change');
  return (
    <PageFrame
      eyebrow="Password recovery"
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to set a new password."
      width="narrow"
    >
      <ComingSoon what="The 'Request email for password change' form">
        <div className="link-row">
          <Link to="/login">Back to login</Link>
        </div>
      </ComingSoon>
    </PageFrame>
  );
};
