import { Link } from 'react-router-dom';
import { CookieIcon, FacebookIcon, InstagramIcon, YouTubeIcon } from '../icons/icons';
import { Logo } from '../header/logo';
import './footer.css';

export const COPYRIGHT_YEAR = 2024;

export const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/stickwork.drums', label: 'Stickwork on Facebook', Icon: FacebookIcon },
  { href: 'https://www.instagram.com/stickwork.drums', label: 'Stickwork on Instagram', Icon: InstagramIcon },
  { href: 'https://www.youtube.com/@stickwork-drums', label: 'Stickwork on YouTube', Icon: YouTubeIcon },
] as const;

const FOOTER_LINKS = [
  { to: '/about-us', label: 'About Us' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/impressum', label: 'Impressum' },
] as const;

/** Site footer (product-spec §2): copyright, cookie preferences, about and legal links, Follow Us. */
export const Footer = ({ onOpenCookiePreferences }: { onOpenCookiePreferences: () => void }) => (
  <footer className="site-footer">
    <div className="container site-footer__grid">
      <div className="site-footer__brand">
        <p className="site-footer__logo">
          <Logo size={40} />
          <span>Stickwork</span>
        </p>
        <p>
          Your drumming practice guide. Lessons by a professional drummer and teacher, sessions generated for
          your level.
        </p>
      </div>
      <nav aria-label="Footer" className="site-footer__nav">
        <h2 className="site-footer__heading">Stickwork</h2>
        <ul>
          {FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
          <li>
            <button type="button" className="site-footer__cookies" onClick={onOpenCookiePreferences}>
              <CookieIcon size={18} /> Cookie preferences
            </button>
          </li>
        </ul>
      </nav>
      <div className="site-footer__social">
        <h2 className="site-footer__heading">Follow Us</h2>
        <ul>
          {SOCIAL_LINKS.map(({ href, label, Icon }) => (
            <li key={href}>
              <a href={href} aria-label={label} target="_blank" rel="noopener noreferrer">
                <Icon />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
    <div className="container site-footer__bottom">
      <p>© {COPYRIGHT_YEAR} Stickwork</p>
      <p>Made for drummers in Berlin</p>
    </div>
  </footer>
);
