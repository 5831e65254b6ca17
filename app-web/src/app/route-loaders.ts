import { redirect } from 'react-router-dom';
import { guestOnlyRouteAccess, protectedRouteAccess } from '../lib/session/route-access';
import { sessionExpired } from '../lib/session/session-slice';
import type { AppStore } from './store';

/**
 * Route loaders run before a page renders, so a protected page never flashes for a visitor who
 * may not see it. Decisions come from lib/session/route-access.ts; these only carry them out.
 */
export const requireSession =
  (store: AppStore, expiredTo: '/log-out' | '/' = '/log-out', now: () => number = Date.now) =>
  () => {
    const access = protectedRouteAccess(store.getState().session.token, now(), expiredTo);
    if (access.kind !== 'redirect') return null;
    if (access.clearSession) store.dispatch(sessionExpired());
    return redirect(access.to);
  };

export const guestOnly =
  (store: AppStore, now: () => number = Date.now) =>
  () => {
    const access = guestOnlyRouteAccess(store.getState().session.token, now());
    if (access.kind === 'allow-and-clear') store.dispatch(sessionExpired());
    if (access.kind === 'redirect') return redirect(access.to);
    return null;
  };

/** Public pages drop a stale token too, so the header never shows a logged-in menu for it. */
export const dropExpiredSession =
  (store: AppStore, now: () => number = Date.now) =>
  () => {
    if (guestOnlyRouteAccess(store.getState().session.token, now()).kind === 'allow-and-clear') {
      store.dispatch(sessionExpired());
    }
    return null;
  };
