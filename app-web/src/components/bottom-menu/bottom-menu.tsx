import { NavLink } from 'react-router-dom';
import { ChartIcon, CookieIcon, DrumIcon, LevelUpIcon, UserIcon } from '../icons/icons';
import './bottom-menu.css';

const ENTRIES = [
  { to: '/launch-overview', label: 'Practice', Icon: DrumIcon },
  { to: '/stats-and-progress', label: 'Stats', Icon: ChartIcon },
  { to: '/update-skills', label: 'Level Up', Icon: LevelUpIcon },
  { to: '/account-settings', label: 'Profile', Icon: UserIcon },
] as const;

/**
 * The logged-in bottom menu (product-spec §2): four destinations and Cookies, which reopens the
 * consent dialog. Fixed to the bottom edge on small screens.
 */
export const BottomMenu = ({ onOpenCookiePreferences }: { onOpenCookiePreferences: () => void }) => (
  <nav className="bottom-menu" aria-label="Quick menu">
    <ul className="bottom-menu__list">
      {ENTRIES.map(({ to, label, Icon }) => (
        <li key={to}>
          <NavLink to={to} className="bottom-menu__item">
            <Icon size={22} />
            <span>{label}</span>
          </NavLink>
        </li>
      ))}
      <li>
        <button type="button" className="bottom-menu__item" onClick={onOpenCookiePreferences}>
          <CookieIcon size={22} />
          <span>Cookies</span>
        </button>
      </li>
    </ul>
  </nav>
);
