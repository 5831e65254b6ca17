import { describe, expect, it } from 'vitest';
import { expAt, fakeToken } from '../../testing/fake-token';
import { decodeToken, isEmailVerified, isLoggedIn, isTokenExpired, tokenExpiresAt } from './jwt';

const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);

describe('decodeToken', () => {
  it('reads the payload fields the app uses, including non-ASCII names', () => {
    const token = fakeToken({
      exp: 1_800_000_000,
      firstname: 'Jürgen',
      verification_state: 'verified',
      subscription_status: 'trialing',
      activeTier: 'premium',
      customerId: 'c-1',
    });
    expect(decodeToken(token)).toEqual({
      exp: 1_800_000_000,
      firstname: 'Jürgen',
      verification_state: 'verified',
      subscription_status: 'trialing',
      activeTier: 'premium',
      customerId: 'c-1',
    });
  });

  it('returns null for text that is not a token', () => {
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(`x.${btoa('"just a string"')}.y`)).toBeNull();
  });
});

describe('token expiry', () => {
  it('converts exp from seconds to milliseconds', () => {
    expect(tokenExpiresAt({ exp: 1_700_000_000 })).toBe(1_700_000_000_000);
    expect(tokenExpiresAt({})).toBeNull();
  });

  it('is expired once exp lies before now, and valid until then', () => {
    expect(isTokenExpired(fakeToken({ exp: expAt(NOW) - 1 }), NOW)).toBe(true);
    expect(isTokenExpired(fakeToken({ exp: expAt(NOW) + 60 }), NOW)).toBe(false);
  });

  it('treats an unreadable token as expired so it gets cleared', () => {
    expect(isTokenExpired('garbage', NOW)).toBe(true);
  });
});

describe('isLoggedIn', () => {
  it('needs a token that has not expired', () => {
    expect(isLoggedIn(null, NOW)).toBe(false);
    expect(isLoggedIn(fakeToken({ exp: expAt(NOW) - 10 }), NOW)).toBe(false);
    expect(isLoggedIn(fakeToken({ exp: expAt(NOW) + 10 }), NOW)).toBe(true);
  });
});

describe('isEmailVerified', () => {
  it('is true only for the verified state', () => {
    expect(isEmailVerified({ verification_state: 'verified' })).toBe(true);
    expect(isEmailVerified({ verification_state: 'pending' })).toBe(false);
    expect(isEmailVerified(null)).toBe(false);
  });
});
