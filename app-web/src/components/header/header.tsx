import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useMediaQuery } from '../../lib/use-media-query';
import { ChevronIcon, CloseIcon, LogoutIcon, MenuIcon, UserIcon } from '../icons/icons';
import { Logo } from './logo';
import './header.css';

export const COMPACT_HEADER_QUERY = '(max-width: 849.98px)';

const PRIMARY_LINKS = [
  { to: '/launch-overview', label: 'Practice' },
  { to: '/stats-and-progress', label: 'Stats' },
  { to: '/update-skills', label: 'Change Skills' },
  { to: '/account-settings', label: 'Account Settings' },
] as const;

// The compact menu of product-spec §2 ("also links" the about and legal pages), led by the lesson
// history, which the spec's fixed practice links have no place for.
const SECONDARY_LINKS = [
  { to: '/lesson-history', label: 'Lesson History' },
  { to: '/about-us', label: 'About Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/impressum', label: 'Impressum' },
] as const;

interface HeaderProps {
  loggedIn: boolean;
  onLogout: () => void;
}

/**
 * Site header (product-spec §2): logo to /; logged-in visitors get the practice links, the compact
 * menu (about and legal pages) and Logout; on small screens all of it sits behind a burger button.
 * Logged-out visitors only see an account icon that leads to /login.
 */
export const Header = ({ loggedIn, onLogout }: HeaderProps) => {
  const compact = useMediaQuery(COMPACT_HEADER_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const { pathname } = useLocation();

  // A followed link closes the menus.
  useEffect(() => {
    setMenuOpen(false);
    setMoreOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen && !moreOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        setMoreOpen(false);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, moreOpen]);

  const secondaryVisible = compact || moreOpen;

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand">
          <Logo />
          <span className="brand__name">Stickwork</span>
          <span className="visually-hidden">, home</span>
        </Link>

        {loggedIn ? (
          <>
            {compact ? (
              <button
                type="button"
                className="burger"
                aria-expanded={menuOpen}
                aria-controls="main-menu"
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? <CloseIcon /> : <MenuIcon />}
              </button>
            ) : null}
            <nav
              id="main-menu"
              aria-label="Main"
              className="main-nav"
              data-compact={compact}
              hidden={compact && !menuOpen}
            >
              <ul className="main-nav__list">
                {PRIMARY_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className="main-nav__link">
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <div className="main-nav__more">
                {compact ? null : (
                  <button
                    type="button"
                    className="main-nav__more-button"
                    aria-expanded={moreOpen}
                    aria-controls="more-menu"
                    onClick={() => setMoreOpen((open) => !open)}
                  >
                    More <ChevronIcon size={18} />
                  </button>
                )}
                <ul id="more-menu" className="main-nav__secondary" hidden={!secondaryVisible}>
                  {SECONDARY_LINKS.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} className="main-nav__link main-nav__link--secondary">
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
              <button type="button" className="main-nav__logout" onClick={onLogout}>
                <LogoutIcon size={20} /> Logout
              </button>
            </nav>
          </>
        ) : (
          <Link to="/login" className="account-link" aria-label="Log in">
            <UserIcon />
          </Link>
        )}
      </div>
    </header>
  );
};
