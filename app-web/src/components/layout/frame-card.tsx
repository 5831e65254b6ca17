import type { ReactNode } from 'react';
import './layout.css';

/** A white card with an optional heading, for the body of form-like pages. */
export const FrameCard = ({ title, children }: { title?: ReactNode; children: ReactNode }) => (
  <section className="card frame-card">
    {title ? <h2 className="frame-card__title">{title}</h2> : null}
    {children}
  </section>
);
