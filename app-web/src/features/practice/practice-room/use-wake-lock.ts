import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (the card plays) with the Screen Wake Lock, where the browser has
 * it; the browser drops the lock itself when the page is hidden, and the transport stops then anyway.
 */
export const useWakeLock = (active: boolean): void => {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let released = false;
    let sentinel: WakeLockSentinel | null = null;
    navigator.wakeLock.request('screen').then(
      (lock) => {
        if (released) void lock.release();
        else sentinel = lock;
      },
      () => {
        // Refused (battery saver, a page not visible): the screen may sleep, the practice goes on.
      },
    );
    return () => {
      released = true;
      void sentinel?.release();
    };
  }, [active]);
};
