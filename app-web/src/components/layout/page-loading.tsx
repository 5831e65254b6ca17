import './layout.css';

/**
 * The router's HydrateFallback: on the first load every page's loader (and, with code splitting, its
 * lazy module) runs before the page renders, and React Router shows this meanwhile. Without one it
 * renders nothing and warns "No `HydrateFallback` element provided" on every page load.
 */
export const PageLoading = () => (
  <div className="page-loading" role="status">
    <span className="visually-hidden">Loading Stickwork…</span>
  </div>
);
