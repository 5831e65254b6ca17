/**
 * Every route that needs a login token (x-auth-token). The token matrix suite sends each of them
 * a missing, expired, tampered, unsigned (`alg: none`), foreign-key and erased-customer token
 * and expects 401 `{ message: 'User not authorized' }`. A service adds its routes here.
 */
export interface ProtectedRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  /** A body that would be valid, so a 401 cannot be a validation error in disguise. */
  body?: unknown;
}

/** The login service (product-spec §7, second table). */
export const LOGIN_SERVICE_PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { method: 'GET', path: '/api/customer-info' },
  { method: 'GET', path: '/api/customer-info/subscription-status' },
  { method: 'GET', path: '/api/authenticate/update-jwt' },
  { method: 'DELETE', path: '/api/delete/account' },
  { method: 'DELETE', path: '/api/delete/customer-data' },
];

export const PROTECTED_ROUTES: ProtectedRoute[] = [...LOGIN_SERVICE_PROTECTED_ROUTES];
