import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormMessage } from '../form/form-message';
import './layout.css';

/** What a page may hand to the next one it navigates to: `navigate(to, { state: { flash } })`. */
export interface FlashState {
  flash?: string;
}

/**
 * A confirmation carried over a navigation (e.g. "account deleted" on the start page), shown at the
 * top of that page and announced to screen readers. It is taken out of the history entry at once, so
 * a reload or going back does not show it again; moving to another page hides it.
 */
export const FlashMessage = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as FlashState | null)?.flash;
  const [shown, setShown] = useState<{ pathname: string; text: string } | null>(null);

  useEffect(() => {
    if (!incoming) return;
    setShown({ pathname: location.pathname, text: incoming });
    const { pathname, search, hash } = location;
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [incoming, location, navigate]);

  if (!shown || shown.pathname !== location.pathname) return null;
  return (
    <div className="container flash-message">
      <FormMessage tone="success">{shown.text}</FormMessage>
    </div>
  );
};
