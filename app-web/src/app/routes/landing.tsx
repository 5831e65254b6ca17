import { LandingPage } from '../../features/landing/landing-page';
import { usePageMeta } from '../../lib/use-page-meta';
import { featureComponent } from '../feature-component';

/**
 * The newsletter sign-up at the foot of the page, with its state and saga, arrives right after the
 * page has rendered: the page shows and answers without waiting for it.
 */
const NewsletterForm = featureComponent(async () => {
  const [{ NewsletterForm: Component }, { newsletterFeature }] = await Promise.all([
    import('../../features/landing/newsletter-form'),
    import('../features/newsletter'),
  ]);
  return { Component, features: [newsletterFeature] };
});

/** / and /log-out (product-spec §2). */
export const LandingRoute = () => {
  usePageMeta('Your drumming practice guide', '/');
  return <LandingPage newsletterForm={<NewsletterForm />} />;
};
