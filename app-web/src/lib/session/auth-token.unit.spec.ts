import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_COOKIE, clearStoredToken, readStoredToken, storeToken } from './auth-token';

afterEach(() => {
  clearStoredToken();
});

describe('auth token storage', () => {
  it('stores the token in the auth-token cookie and in localStorage', () => {
    storeToken('abc.def.ghi');
    expect(Cookies.get(AUTH_TOKEN_COOKIE)).toBe('abc.def.ghi');
    expect(window.localStorage.getItem('auth-token')).toBe('abc.def.ghi');
    expect(readStoredToken()).toBe('abc.def.ghi');
  });

  it('falls back to localStorage when the cookie is gone', () => {
    window.localStorage.setItem('auth-token', 'from.storage.token');
    expect(readStoredToken()).toBe('from.storage.token');
  });

  it('clears both places on logout', () => {
    storeToken('abc.def.ghi');
    clearStoredToken();
    expect(Cookies.get(AUTH_TOKEN_COOKIE)).toBeUndefined();
    expect(readStoredToken()).toBeNull();
  });
});
