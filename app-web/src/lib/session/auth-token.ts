import Cookies from 'js-cookie';

/** Login cookie of product-spec §9; the token is mirrored in localStorage like the original app. */
export const AUTH_TOKEN_COOKIE = 'auth-token';
const STORAGE_KEY = 'auth-token';

const safeLocalStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    // Private modes can forbid storage; the cookie still works.
    return null;
  }
};

export const readStoredToken = (): string | null =>
  Cookies.get(AUTH_TOKEN_COOKIE) ?? safeLocalStorage()?.getItem(STORAGE_KEY) ?? null;

export const storeToken = (token: string): void => {
  Cookies.set(AUTH_TOKEN_COOKIE, token, { path: '/', sameSite: 'Lax' });
  safeLocalStorage()?.setItem(STORAGE_KEY, token);
};

export const clearStoredToken = (): void => {
  Cookies.remove(AUTH_TOKEN_COOKIE, { path: '/' });
  safeLocalStorage()?.removeItem(STORAGE_KEY);
};
