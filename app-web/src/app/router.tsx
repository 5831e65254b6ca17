import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/layout/page-loading';
import { AppLayout } from './app-layout';
import { dropExpiredSession, guestOnly, requireSession } from './route-loaders';
import type { Feature } from './feature';
import type { AppStore } from './store';
import { ErrorRoute } from './routes/error';

/**
 * A screen that arrives in its own chunk the first time it is visited (route-level code splitting),
 * together with the state and sagas of the features it uses: the public pages load no practice,
 * stats, chart or account code. The server names each page's chunks in its HTML (modulepreload,
 * see app-api/src/http/web-app.ts), so a first visit does not wait for the main chunk to ask.
 */
const pageOf =
  (store: AppStore) =>
  <Name extends string>(
    load: () => Promise<Record<Name, ComponentType> & { features?: readonly Feature[] }>,
    name: Name,
  ) =>
  async () => {
    const module = await load();
    store.addFeatures(...(module.features ?? []));
    return { Component: module[name] };
  };

/** The route table of product-spec §2. */
export const createAppRoutes = (store: AppStore): RouteObject[] => {
  const publicPage = dropExpiredSession(store);
  const protectedPage = requireSession(store);
  const page = pageOf(store);
  const landing = page(() => import('./routes/landing'), 'LandingRoute');
  return [
    {
      element: <AppLayout />,
      errorElement: <ErrorRoute />,
      // Shown while the first page's loader runs; without it the router warns on every load.
      HydrateFallback: PageLoading,
      children: [
        { path: '/', lazy: landing, loader: guestOnly(store) },
        { path: '/log-out', lazy: landing, loader: publicPage },
        {
          path: '/login',
          lazy: page(() => import('./routes/login'), 'LoginRoute'),
          loader: guestOnly(store),
        },
        {
          path: '/register',
          lazy: page(() => import('./routes/register'), 'RegisterRoute'),
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
          lazy: page(() => import('./routes/verify-mail'), 'VerifyMailRoute'),
          loader: publicPage,
        },
        // Linked from account settings; the same page as /verify-mail.
        {
          path: '/verify-email/:secret?',
          lazy: page(() => import('./routes/verify-mail'), 'VerifyMailRoute'),
          loader: publicPage,
        },
        {
          path: '/request-password-change',
          lazy: page(() => import('./routes/request-password-change'), 'RequestPasswordChangeRoute'),
          loader: publicPage,
        },
        {
          path: '/change-password/*',
          lazy: page(() => import('./routes/change-password'), 'ChangePasswordRoute'),
          loader: publicPage,
        },
        {
          path: '/checkout/:priceId',
          lazy: page(() => import('./routes/checkout'), 'CheckoutRoute'),
          loader: protectedPage,
        },
        {
          path: '/return',
          lazy: page(() => import('./routes/checkout-return'), 'CheckoutReturnRoute'),
          loader: protectedPage,
        },
        {
          path: '/launch-overview',
          lazy: page(() => import('./routes/launch-overview'), 'LaunchOverviewRoute'),
          loader: protectedPage,
        },
        {
          path: '/stats-and-progress',
          lazy: page(() => import('./routes/stats-and-progress'), 'StatsAndProgressRoute'),
          loader: protectedPage,
        },
        {
          path: '/lesson-history',
          lazy: page(() => import('./routes/lesson-history'), 'LessonHistoryRoute'),
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
          lazy: page(() => import('./routes/update-skills'), 'UpdateSkillsRoute'),
          loader: requireSession(store, '/'),
        },
        {
          path: '/account-settings',
          lazy: page(() => import('./routes/account-settings'), 'AccountSettingsRoute'),
          loader: protectedPage,
        },
        {
          path: '/subscription-success',
          lazy: page(() => import('./routes/subscription-success'), 'SubscriptionSuccessRoute'),
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
          lazy: page(() => import('./routes/catch-all'), 'CatchAllRoute'),
          loader: publicPage,
        },
      ],
    },
  ];
};

export const createAppRouter = (store: AppStore) => createBrowserRouter(createAppRoutes(store));
