import { CONTACT_EMAIL, INSTAGRAM_URL } from '../../lib/contact';
import { InstagramIcon, MailIcon, QuoteIcon } from '../../components/icons/icons';
import type { Testimonial } from './testimonials';

export const TestimonialCard = ({ testimonial }: { testimonial: Testimonial }) => {
  const displayName = testimonial.pseudoName ?? testimonial.name;
  if (testimonial.callToAction) {
    return (
      <article className="testimonial testimonial--cta">
        <QuoteIcon size={32} className="testimonial__quote" />
        <h3 className="testimonial__cta-title">Your story here?</h3>
        <p className="testimonial__message">{testimonial.message}</p>
        <div className="testimonial__links">
          <a href={INSTAGRAM_URL} target="_blank" rel="noopener noreferrer">
            <InstagramIcon size={18} /> Message us on Instagram
          </a>
          <a href={`mailto:${CONTACT_EMAIL}?subject=My%20Stickwork%20story`}>
            <MailIcon size={18} /> Email us
          </a>
        </div>
      </article>
    );
  }
  return (
    <figure className="testimonial">
      <QuoteIcon size={32} className="testimonial__quote" />
      <blockquote className="testimonial__message">{testimonial.message}</blockquote>
      <figcaption className="testimonial__author">
        <span className="testimonial__avatar" aria-hidden="true">
          {displayName.charAt(0)}
        </span>
        <span>
          <strong>{displayName}</strong>
          <span className="testimonial__meta">
            Student since {testimonial.userSince}
            {testimonial.drummerOf ? ` · Drummer of ${testimonial.drummerOf}` : ''}
          </span>
          {testimonial.instagramPersonal || testimonial.instagramBand ? (
            <span className="testimonial__links">
              {testimonial.instagramPersonal ? (
                <a href={testimonial.instagramPersonal} target="_blank" rel="noopener noreferrer">
                  <InstagramIcon size={16} /> {displayName} on Instagram
                </a>
              ) : null}
              {testimonial.instagramBand && testimonial.drummerOf ? (
                <a href={testimonial.instagramBand} target="_blank" rel="noopener noreferrer">
                  <InstagramIcon size={16} /> {testimonial.drummerOf} on Instagram
                </a>
              ) : null}
            </span>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
};
