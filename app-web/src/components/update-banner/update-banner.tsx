import { useEffect, useState } from 'react';
import { Button } from '../button/button';
import { registerServiceWorker } from './register-service-worker';
import './update-banner.css';

export const UPDATE_READY_TEXT = 'A new version of Stickwork is ready.';

/**
 * Registers the service worker (built app only) and announces a new version once it has been
 * downloaded: the drummer chooses when to reload, so a lesson in progress is never cut off.
 */
export const UpdateBanner = () => {
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const ready = registerServiceWorker(() => {
      if (!cancelled) setUpdate(() => async () => (await ready)(true));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!update) return null;
  return (
    <div className="update-banner" role="status" aria-live="polite">
      <p className="update-banner__text">{UPDATE_READY_TEXT}</p>
      <Button size="sm" onClick={() => void update()}>
        Reload
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setUpdate(null)}>
        Later
      </Button>
    </div>
  );
};
