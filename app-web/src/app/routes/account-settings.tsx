import { Link } from 'react-router-dom';
import { ComingSoon } from '../../components/layout/coming-soon';
import { FrameCard } from '../../components/layout/frame-card';
import { PageFrame } from '../../components/layout/page-frame';
import { CONTACT_EMAIL } from '../../lib/contact';
import { usePageMeta } from '../../lib/use-page-meta';

// NEXT: the tabs Account, Subscription and Delete your account (GET /api/customer-info, portal,
// cancel, delete with 'delete me'); a 403 on load clears the session and goes to /log-out.
export const AccountSettingsRoute = () => {
  usePageMeta('Account Settings', '/account-settings');
  return (
    <PageFrame
      eyebrow="Profile"
      title="Account Settings"
      lead="Your account, your subscription and your data."
    >
      <div className="stack">
        <ComingSoon what="Your account details, subscription and account deletion" />
        <FrameCard title="Password">
          <p>
            Want a new password? <Link to="/request-password-change">Request a password change email</Link>.
          </p>
        </FrameCard>
        <p>
          Questions about your account or subscription? Write to us at{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
      </div>
    </PageFrame>
  );
};
