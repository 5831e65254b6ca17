import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { BottomMenu } from '../components/bottom-menu/bottom-menu';
import { FlashMessage } from '../components/layout/flash-message';
import { Footer } from '../components/footer/footer';
import { Header } from '../components/header/header';
import { ScrollToTop } from '../components/layout/scroll-to-top';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layout/skip-link';
import { ConsentDialog } from '../features/consent/consent-dialog';
import { useConsent } from '../features/consent/use-consent';
import { isLoggedIn } from '../lib/session/jwt';
import { loggedOut, selectToken, subscriptionSyncRequested } from '../lib/session/session-slice';
import '../components/layout/layout.css';
import { featureComponent } from './feature-component';

const VerifyEmailReminder = featureComponent(async () => {
  const [{ VerifyEmailReminder: Component }, { emailVerificationFeature }] = await Promise.all([
    import('../features/email-verification/verify-email-reminder'),
    import('./features/email-verification'),
  ]);
  return { Component, features: [emailVerificationFeature] };
});

/** The shell around every page: header, main landmark, bottom menu when logged in, footer, consent. */
export const AppLayout = () => {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation(); // re-evaluate the login state on every navigation
  const token = useSelector(selectToken);
  const consent = useConsent();
  const loggedIn = isLoggedIn(token, Date.now());

  // Subscription sync on app start and on every page while logged in (product-spec §4).
  useEffect(() => {
    if (loggedIn) dispatch(subscriptionSyncRequested());
  }, [dispatch, loggedIn, pathname]);

  const openCookiePreferences = consent.reopen;
  const logout = () => {
    dispatch(loggedOut());
    void navigate('/');
  };

  return (
    <div className="app-shell" data-bottom-menu={loggedIn}>
      <ScrollToTop />
      <SkipLink />
      <Header loggedIn={loggedIn} onLogout={logout} />
      {loggedIn && !pathname.startsWith('/verify-') ? <VerifyEmailReminder /> : null}
      <main id={MAIN_CONTENT_ID} className="app-shell__main" tabIndex={-1}>
        <FlashMessage />
        <Outlet />
      </main>
      {loggedIn ? <BottomMenu onOpenCookiePreferences={openCookiePreferences} /> : null}
      <Footer onOpenCookiePreferences={openCookiePreferences} />
      <ConsentDialog consent={consent} />
    </div>
  );
};
