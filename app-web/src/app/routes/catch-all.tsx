import { useLocation } from 'react-router-dom';
import { ChangePasswordRoute } from './change-password';
import { NotFoundRoute } from './not-found';

/** Anything unknown is a 404, except /change-password{secret}, whose secret is glued to the path. */
export const CatchAllRoute = () => {
  const { pathname } = useLocation();
  return pathname.startsWith('/change-password') ? <ChangePasswordRoute /> : <NotFoundRoute />;
};
