import './form.css';

/** Covers a form while it is being sent; announced politely. */
export const LoaderOverlay = ({ label }: { label: string }) => (
  <div className="loader-overlay" role="status" aria-live="polite">
    <span className="loader-overlay__spinner" aria-hidden="true" />
    <span className="loader-overlay__label">{label}</span>
  </div>
);
