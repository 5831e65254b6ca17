import { useLocation } from 'react-router-dom';
import { ChangePasswordRoute } from './change-password';
import { NotFoundRoute } from './not-found';
import { passwordRecoveryFeature } from '../features/password-recovery';

/** Anything unknown is a 404, except /change-password{secret}, whose secret is glued to the path. */
export const CatchAllRoute = () => {
  const { pathname } = useLocation();
  return pathname.startsWith('/change-password') ? <ChangePasswordRoute /> : <NotFoundRoute />;
};

/** The state and sagas this page uses, added to the store before it renders. */
export const features = [passwordRecoveryFeature];
