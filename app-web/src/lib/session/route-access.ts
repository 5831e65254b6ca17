import { isTokenExpired } from './jwt';

export type RouteAccess =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; clearSession: boolean }
  /** A guest page with a stale token: show it, but drop the token. */
  | { kind: 'allow-and-clear' };

export const PRACTICE_HOME = '/launch-overview';

/**
 * Protected routes (product-spec §2, §4): no token sends the visitor to /, an expired one is
 * cleared and leads to `expiredTo` (/log-out, or / for the skill-update screen).
 */
export const protectedRouteAccess = (
  token: string | null,
  nowMs: number,
  expiredTo: '/log-out' | '/' = '/log-out',
): RouteAccess => {
  if (token === null) return { kind: 'redirect', to: '/', clearSession: false };
  if (isTokenExpired(token, nowMs)) return { kind: 'redirect', to: expiredTo, clearSession: true };
  return { kind: 'allow' };
};

/** / and /login send a logged-in visitor straight to practice. */
export const guestOnlyRouteAccess = (token: string | null, nowMs: number): RouteAccess => {
  if (token === null) return { kind: 'allow' };
  if (isTokenExpired(token, nowMs)) return { kind: 'allow-and-clear' };
  return { kind: 'redirect', to: PRACTICE_HOME, clearSession: false };
};
