import type { ReactNode } from 'react';
import './layout.css';

interface PageFrameProps {
  title: ReactNode;
  eyebrow?: string;
  lead?: ReactNode;
  /** Narrow pages (forms, legal texts) read better at a shorter line length. */
  width?: 'narrow' | 'wide';
  children?: ReactNode;
}

/** A page with its heading band and content; every page has exactly one h1. */
export const PageFrame = ({ title, eyebrow, lead, width = 'wide', children }: PageFrameProps) => (
  <div className="page-frame">
    <div className="page-frame__band">
      <div className={`container page-frame__band-inner page-frame--${width}`}>
        {eyebrow ? <span className="page-frame__eyebrow">{eyebrow}</span> : null}
        <h1 className="page-frame__title">{title}</h1>
        {lead ? <p className="page-frame__lead">{lead}</p> : null}
      </div>
    </div>
    <div className={`container page-frame__content page-frame--${width}`}>{children}</div>
  </div>
);
