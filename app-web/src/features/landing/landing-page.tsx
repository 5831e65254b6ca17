import { PRICES } from '@stickwork/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Accordion } from '../../components/accordion/accordion';
import { ButtonLink } from '../../components/button/button';
import { Carousel, type CarouselLayout } from '../../components/carousel/carousel';
import { CheckIcon } from '../../components/icons/icons';
import { trackEvent } from '../../lib/analytics';
import { formatEuro } from '../../lib/tier-offer';
import { FAQ_ITEMS } from './faq';
import { HeroArt } from './hero-art';
import { REASONS } from './reasons';
import { TestimonialCard } from './testimonial-card';
import { TESTIMONIALS } from './testimonials';
import './landing-page.css';

/** product-spec §9: 3 slides, 2 below 850 px, 1 and no arrows below 600 px. */
const TESTIMONIAL_LAYOUT: CarouselLayout = {
  slidesPerView: 3,
  breakpoints: [
    { maxWidth: 850, slidesPerView: 2 },
    { maxWidth: 600, slidesPerView: 1 },
  ],
  hideArrowsBelow: 600,
};

const FREE_PLAN_POINTS = ['3 lessons every day', 'No ads', 'No credit card needed', 'Stats and progress'];

interface LandingPageProps {
  /** The newsletter sign-up (newsletter-form.tsx); the app loads it after the page has rendered. */
  newsletterForm: ReactNode;
}

export const LandingPage = ({ newsletterForm }: LandingPageProps) => {
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    trackEvent('landing page visited');
  }, []);

  return (
    <div className="landing">
      <aside className="beta-banner" aria-label="Beta phase">
        <div className="container beta-banner__inner">
          <span className="beta-banner__badge">Beta</span>
          <p>
            Stickwork is in its beta phase: everything works, and we are adding new features every month. Tell
            us what you think!
          </p>
        </div>
      </aside>

      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">Online drum school</p>
            <h1 id="hero-title" className="hero__title">
              Your drumming practice guide
            </h1>
            <p className="hero__tagline">simple | tailored | fast</p>
            <p className="hero__text">
              Tell us your level, pick your skills and your time. Stickwork builds a practice session from
              more than 9000 exercises by a professional drummer and teacher, with the notation on screen, a
              metronome and sheet music to download.
            </p>
            <div className="hero__actions">
              <ButtonLink to="/register" size="lg">
                Sign Up For Free
              </ButtonLink>
              <Link to="/pricing" className="hero__secondary-link">
                See plans and prices
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="section" aria-labelledby="reasons-title">
        <div className="container">
          <span className="eyebrow">Why Stickwork</span>
          <h2 id="reasons-title">5 Reasons to join</h2>
          <ol className="reasons">
            {REASONS.map((reason, index) => (
              <li key={reason.title} className="reason card">
                <span className="reason__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="pricing-teaser-title">
        <div className="container pricing-teaser">
          <div>
            <span className="eyebrow">Pricing</span>
            <h2 id="pricing-teaser-title">Start free, upgrade when you are ready</h2>
            <p className="lead">
              The free plan is free for good. Paid plans remove the daily limit and add Drum Pad mode and all
              skills in one session, from {formatEuro(PRICES.basic.yearlyPerMonthCents)} a month.
            </p>
          </div>
          <div className="free-plan card">
            <p className="free-plan__name">Free</p>
            <p className="free-plan__price">
              <span className="free-plan__amount">0 €</span> / month
            </p>
            <ul className="free-plan__points">
              {FREE_PLAN_POINTS.map((point) => (
                <li key={point}>
                  <CheckIcon size={18} /> {point}
                </li>
              ))}
            </ul>
            <ButtonLink to="/register" size="lg" className="free-plan__cta">
              Join for Free
            </ButtonLink>
            <Link to="/pricing" className="free-plan__plans">
              check out available plans
            </Link>
          </div>
        </div>
      </section>

      <section className="section philosophy" aria-labelledby="philosophy-title">
        <div className="container philosophy__inner">
          <span className="eyebrow philosophy__eyebrow">How we teach</span>
          <h2 id="philosophy-title">No standardised lesson packs. No one-size-fits-all courses.</h2>
          <div className="philosophy__columns">
            <p>
              Most drum courses walk everyone through the same chapters in the same order. But no two drummers
              are alike: one has fast hands and shaky timing, the other grooves deeply but freezes at fills.
            </p>
            <p>
              Stickwork works like a private teacher. It looks at each of your skills separately and builds
              every session from exercises that match exactly where you are, and the way you rate each lesson
              decides what comes next.
            </p>
            <p>
              So you always practise at the edge of what you can do: challenging enough to grow, never so hard
              that you lose the fun. That is how real progress happens.
            </p>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials-title">
        <div className="container">
          <span className="eyebrow">Testimonials</span>
          <h2 id="testimonials-title">What our students say</h2>
          <Carousel
            label="What our students say"
            layout={TESTIMONIAL_LAYOUT}
            slides={TESTIMONIALS.map((testimonial) => (
              <TestimonialCard key={testimonial.name} testimonial={testimonial} />
            ))}
          />
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="faq-title">
        <div className="container faq">
          <div>
            <span className="eyebrow">FAQ</span>
            <h2 id="faq-title">Frequently Asked Questions</h2>
            <p className="lead">Everything you want to know before your first session.</p>
          </div>
          <Accordion items={FAQ_ITEMS} />
        </div>
      </section>

      <section id="newsletter" className="newsletter" aria-labelledby="newsletter-title">
        <div className="container newsletter__inner">
          <div>
            <h2 id="newsletter-title">Stay in the groove</h2>
            <p>
              New exercises, practice tips from our teacher and product news, about once a month. Unsubscribe
              any time.
            </p>
          </div>
          {newsletterForm}
        </div>
      </section>
    </div>
  );
};
