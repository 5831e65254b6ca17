import { ButtonLink } from '../../components/button/button';
import { InstagramIcon, MailIcon } from '../../components/icons/icons';
import { FounderAvatar } from './founder-avatar';
import { FOUNDERS } from './founders';
import './about-page.css';

export const AboutPage = () => (
  <>
    <div className="founders">
      {FOUNDERS.map((founder) => (
        <article key={founder.id} className="founder card" aria-labelledby={`founder-${founder.id}`}>
          <header className="founder__header">
            <FounderAvatar founder={founder} />
            <div>
              <h2 id={`founder-${founder.id}`} className="founder__name">
                {founder.name}
              </h2>
              <p className="founder__role">{founder.role}</p>
            </div>
          </header>
          {founder.bio.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
          <div className="founder__links">
            <a href={founder.instagram} target="_blank" rel="noopener noreferrer">
              <InstagramIcon size={18} /> {founder.name} on Instagram
            </a>
            <a href={`mailto:${founder.email}`}>
              <MailIcon size={18} /> Email {founder.name.split(' ')[0]}
            </a>
          </div>
        </article>
      ))}
    </div>
    <section className="about-credits card" aria-labelledby="about-credits-title">
      <h2 id="about-credits-title">Credits</h2>
      <p>
        The practice room's acoustic drum kit is sampled from the Fluid (R3) GM SoundFont by Frank Wen and its
        contributors, as packaged in MuseScore General by S. Christian Collins, under the MIT licence.
      </p>
    </section>
    <section className="about-cta card" aria-labelledby="about-cta-title">
      <h2 id="about-cta-title">Practise with us</h2>
      <p>Start with the free plan today: 3 lessons every day, no credit card needed.</p>
      <ButtonLink to="/register" size="lg">
        Sign Up For Free
      </ButtonLink>
    </section>
  </>
);
