import type { ReactNode } from 'react';
import './form.css';

/** A form's outcome: success or failure, read out when it appears. */
export const FormMessage = ({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) => (
  <p className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
    {children}
  </p>
);
