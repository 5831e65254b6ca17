import type { ReactNode } from 'react';
import { SticksIcon } from '../icons/icons';
import './layout.css';

/**
 * Stands where a form or view needs the Stickwork API, which ships in the next release. It says so
 * plainly instead of showing a form that cannot work.
 */
export const ComingSoon = ({ what, children }: { what: string; children?: ReactNode }) => (
  <section className="coming-soon card" aria-label="Coming in the next release">
    <SticksIcon size={40} className="coming-soon__icon" />
    <div>
      <h2 className="coming-soon__title">Coming in the next release</h2>
      <p>
        {what} connects to the Stickwork service, which arrives in the next release. Until then, this page
        shows you what is coming.
      </p>
      {children}
    </div>
  </section>
);
