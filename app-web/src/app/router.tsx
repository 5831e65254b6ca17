import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/layout/page-loading';
import { AppLayout } from './app-layout';
import { dropExpiredSession, guestOnly, requireSession } from './route-loaders';
import type { AppStore } from './store';
import { AboutUsRoute } from './routes/about-us';
import { AccountSettingsRoute } from './routes/account-settings';
import { CatchAllRoute } from './routes/catch-all';
import { ChangePasswordRoute } from './routes/change-password';
import { CheckoutRoute } from './routes/checkout';
import { CheckoutReturnRoute } from './routes/checkout-return';
import { ErrorRoute } from './routes/error';
import { ImpressumRoute } from './routes/impressum';
import { LandingRoute } from './routes/landing';
import { LaunchOverviewRoute } from './routes/launch-overview';
import { LoginRoute } from './routes/login';
import { PricingRoute } from './routes/pricing';
import { PrivacyPolicyRoute } from './routes/privacy-policy';
import { RegisterRoute } from './routes/register';
import { RequestPasswordChangeRoute } from './routes/request-password-change';
import { StatsAndProgressRoute } from './routes/stats-and-progress';
import { SubscriptionSuccessRoute } from './routes/subscription-success';
import { TermsAndConditionsRoute } from './routes/terms-and-conditions';
import { TestPaymentsPortalRoute } from './routes/test-payments-portal';
import { UpdateSkillsRoute } from './routes/update-skills';
import { VerifyMailRoute } from './routes/verify-mail';

/** The route table of product-spec §2. */
export const createAppRoutes = (store: AppStore): RouteObject[] => {
  const publicPage = dropExpiredSession(store);
  const protectedPage = requireSession(store);
  return [
    {
      element: <AppLayout />,
      errorElement: <ErrorRoute />,
      // Shown while the first page's loader runs; without it the router warns on every load.
      HydrateFallback: PageLoading,
      children: [
        { path: '/', element: <LandingRoute />, loader: guestOnly(store) },
        { path: '/log-out', element: <LandingRoute />, loader: publicPage },
        { path: '/login', element: <LoginRoute />, loader: guestOnly(store) },
        { path: '/register', element: <RegisterRoute />, loader: publicPage },
        { path: '/pricing', element: <PricingRoute />, loader: publicPage },
        { path: '/about-us', element: <AboutUsRoute />, loader: publicPage },
        { path: '/impressum', element: <ImpressumRoute />, loader: publicPage },
        { path: '/privacy-policy', element: <PrivacyPolicyRoute />, loader: publicPage },
        { path: '/terms-and-conditions', element: <TermsAndConditionsRoute />, loader: publicPage },
        { path: '/verify-mail/:secret?', element: <VerifyMailRoute />, loader: publicPage },
        // Linked from account settings; the same page as /verify-mail.
        { path: '/verify-email/:secret?', element: <VerifyMailRoute />, loader: publicPage },
        { path: '/request-password-change', element: <RequestPasswordChangeRoute />, loader: publicPage },
        { path: '/change-password/*', element: <ChangePasswordRoute />, loader: publicPage },
        { path: '/checkout/:priceId', element: <CheckoutRoute />, loader: protectedPage },
        { path: '/return', element: <CheckoutReturnRoute />, loader: protectedPage },
        { path: '/launch-overview', element: <LaunchOverviewRoute />, loader: protectedPage },
        { path: '/stats-and-progress', element: <StatsAndProgressRoute />, loader: protectedPage },
        // An expired token on the skill screen leads home rather than to /log-out (product-spec §2).
        { path: '/update-skills', element: <UpdateSkillsRoute />, loader: requireSession(store, '/') },
        { path: '/account-settings', element: <AccountSettingsRoute />, loader: protectedPage },
        { path: '/subscription-success', element: <SubscriptionSuccessRoute />, loader: protectedPage },
        // The local test-payment provider's customer portal (the API answers its url without Stripe).
        { path: '/test-payments/portal', element: <TestPaymentsPortalRoute />, loader: protectedPage },
        // '/change-password{secret}' glues the secret to the path; catch-all tells it from a 404.
        { path: '*', element: <CatchAllRoute />, loader: publicPage },
      ],
    },
  ];
};

export const createAppRouter = (store: AppStore) => createBrowserRouter(createAppRoutes(store));
