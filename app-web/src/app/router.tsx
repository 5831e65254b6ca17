import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/layout/page-loading';
import { AppLayout } from './app-layout';
import { dropExpiredSession, guestOnly, requireSession } from './route-loaders';
import type { AppStore, FeatureName } from './store';
import { ErrorRoute } from './routes/error';
import { LandingRoute } from './routes/landing';

/**
 * A screen that arrives in its own chunk the first time it is visited (route-level code splitting),
 * together with the state and sagas of the features it uses: the public pages load no practice,
 * stats, chart or account code. The landing page stays in the main chunk, it is the first paint of
 * most visits.
 */
const pageOf =
  (store: AppStore) =>
  <Name extends string>(
    load: () => Promise<Record<Name, ComponentType>>,
    name: Name,
    ...features: FeatureName[]
  ) =>
  async () => {
    const [module] = await Promise.all([load(), store.loadFeatures(...features)]);
    return { Component: module[name] };
  };

/** The route table of product-spec §2. */
export const createAppRoutes = (store: AppStore): RouteObject[] => {
  const publicPage = dropExpiredSession(store);
  const protectedPage = requireSession(store);
  const page = pageOf(store);
  return [
    {
      element: <AppLayout />,
      errorElement: <ErrorRoute />,
      // Shown while the first page's loader runs; without it the router warns on every load.
      HydrateFallback: PageLoading,
      children: [
        { path: '/', element: <LandingRoute />, loader: guestOnly(store) },
        { path: '/log-out', element: <LandingRoute />, loader: publicPage },
        {
          path: '/login',
          lazy: page(() => import('./routes/login'), 'LoginRoute', 'login'),
          loader: guestOnly(store),
        },
        {
          path: '/register',
          lazy: page(() => import('./routes/register'), 'RegisterRoute', 'registration'),
          loader: publicPage,
        },
        {
          path: '/pricing',
          lazy: page(() => import('./routes/pricing'), 'PricingRoute'),
          loader: publicPage,
        },
        {
          path: '/about-us',
          lazy: page(() => import('./routes/about-us'), 'AboutUsRoute'),
          loader: publicPage,
        },
        {
          path: '/impressum',
          lazy: page(() => import('./routes/impressum'), 'ImpressumRoute'),
          loader: publicPage,
        },
        {
          path: '/privacy-policy',
          lazy: page(() => import('./routes/privacy-policy'), 'PrivacyPolicyRoute'),
          loader: publicPage,
        },
        {
          path: '/terms-and-conditions',
          lazy: page(() => import('./routes/terms-and-conditions'), 'TermsAndConditionsRoute'),
          loader: publicPage,
        },
        {
          path: '/verify-mail/:secret?',
          lazy: page(() => import('./routes/verify-mail'), 'VerifyMailRoute', 'emailVerification'),
          loader: publicPage,
        },
        // Linked from account settings; the same page as /verify-mail.
        {
          path: '/verify-email/:secret?',
          lazy: page(() => import('./routes/verify-mail'), 'VerifyMailRoute', 'emailVerification'),
          loader: publicPage,
        },
        {
          path: '/request-password-change',
          lazy: page(
            () => import('./routes/request-password-change'),
            'RequestPasswordChangeRoute',
            'passwordRecovery',
          ),
          loader: publicPage,
        },
        {
          path: '/change-password/*',
          lazy: page(() => import('./routes/change-password'), 'ChangePasswordRoute', 'passwordRecovery'),
          loader: publicPage,
        },
        {
          path: '/checkout/:priceId',
          lazy: page(() => import('./routes/checkout'), 'CheckoutRoute'),
          loader: protectedPage,
        },
        {
          path: '/return',
          lazy: page(() => import('./routes/checkout-return'), 'CheckoutReturnRoute', 'checkout'),
          loader: protectedPage,
        },
        {
          path: '/launch-overview',
          lazy: page(() => import('./routes/launch-overview'), 'LaunchOverviewRoute', 'practice'),
          loader: protectedPage,
        },
        {
          path: '/stats-and-progress',
          lazy: page(() => import('./routes/stats-and-progress'), 'StatsAndProgressRoute', 'practice'),
          loader: protectedPage,
        },
        {
          path: '/lesson-history',
          lazy: page(() => import('./routes/lesson-history'), 'LessonHistoryRoute', 'practice'),
          loader: protectedPage,
        },
        {
          path: '/teacher-lessons',
          lazy: page(() => import('./routes/teacher-lessons'), 'TeacherLessonsRoute'),
          loader: protectedPage,
        },
        // An expired token on the skill screen leads home rather than to /log-out (product-spec §2).
        {
          path: '/update-skills',
          lazy: page(() => import('./routes/update-skills'), 'UpdateSkillsRoute', 'practice'),
          loader: requireSession(store, '/'),
        },
        {
          path: '/account-settings',
          lazy: page(() => import('./routes/account-settings'), 'AccountSettingsRoute', 'account'),
          loader: protectedPage,
        },
        {
          path: '/subscription-success',
          lazy: page(() => import('./routes/subscription-success'), 'SubscriptionSuccessRoute', 'checkout'),
          loader: protectedPage,
        },
        // The local test-payment provider's customer portal (the API answers its url without Stripe).
        {
          path: '/test-payments/portal',
          lazy: page(() => import('./routes/test-payments-portal'), 'TestPaymentsPortalRoute'),
          loader: protectedPage,
        },
        // '/change-password{secret}' glues the secret to the path; catch-all tells it from a 404.
        {
          path: '*',
          lazy: page(() => import('./routes/catch-all'), 'CatchAllRoute', 'passwordRecovery'),
          loader: publicPage,
        },
      ],
    },
  ];
};

export const createAppRouter = (store: AppStore) => createBrowserRouter(createAppRoutes(store));
