import './layout.css';

export const MAIN_CONTENT_ID = 'main-content';

export const SkipLink = () => (
  <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
    Skip to main content
  </a>
);
