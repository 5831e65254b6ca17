import { Logo } from '../header/logo';
import '../header/header.css';
import './layout.css';

/**
 * The router's HydrateFallback: on the first load every page's loader (and, with code splitting, its
 * lazy module) runs before the page renders, and React Router shows this meanwhile. Without one it
 * renders nothing and warns "No `HydrateFallback` element provided" on every page load.
 *
 * It shows the header bar with the brand, the same as the static first paint in index.html (keep
 * the two alike), so the page paints its top at once and nothing blinks while the page's code
 * arrives (Lighthouse's first contentful paint).
 */
export const PageLoading = () => (
  <div className="page-loading" role="status">
    <div className="site-header">
      <div className="container site-header__inner">
        <span className="brand">
          <Logo />
          <span className="brand__name">Stickwork</span>
        </span>
      </div>
    </div>
    <span className="visually-hidden">Loading Stickwork…</span>
  </div>
);
