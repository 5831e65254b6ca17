import { useLocation, useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/layout/page-frame';
import { ChangePasswordForm } from '../../features/password-recovery/change-password-form';
import { decodeToken } from '../../lib/session/jwt';
import { usePageMeta } from '../../lib/use-page-meta';
import { passwordRecoveryFeature } from '../features/password-recovery';

/** The secret comes as ?secret=, or glued to the path: /change-password{secret} or /change-password/{secret}. */
export const secretFromLocation = (pathname: string, search: URLSearchParams): string | null => {
  const fromQuery = search.get('secret');
  if (fromQuery) return fromQuery;
  const rest = pathname.replace(/^\/change-password\/?/, '');
  return rest === '' ? null : decodeURIComponent(rest);
};

export const ChangePasswordRoute = () => {
  usePageMeta('Change Password', '/change-password');
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const secret = secretFromLocation(pathname, searchParams);
  // The secret is a token that carries the first name; reading it needs no server.
  const firstName = secret ? decodeToken(secret)?.firstname : undefined;

  return (
    <PageFrame
      eyebrow="Change Password"
      title={firstName ? `Hi ${firstName}` : 'Set a new password'}
      lead="Choose a new password with at least 8 characters, including an uppercase and a lowercase letter, two digits and a special character."
      width="narrow"
    >
      <ChangePasswordForm secret={secret} />
    </PageFrame>
  );
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [passwordRecoveryFeature];
