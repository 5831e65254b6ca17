import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { expAt, fakeToken } from '../testing/fake-token';
import { createAppRoutes } from './router';
import { createAppStore } from './store';

const NOW = Date.now();
const validToken = fakeToken({ exp: expAt(NOW) + 3600, firstname: 'Alex' });
const expiredToken = fakeToken({ exp: expAt(NOW) - 60, firstname: 'Alex' });

/** Where the router ends up when a visitor with `token` opens `path` (loaders only, nothing rendered). */
const landOn = async (path: string, token: string | null) => {
  const store = createAppStore({ session: { token } });
  const router = createMemoryRouter(createAppRoutes(store), { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') {
        unsubscribe();
        resolve();
      }
    });
  });
  const landed = { pathname: router.state.location.pathname, token: store.getState().session.token };
  router.dispose();
  return landed;
};

const PROTECTED = [
  '/launch-overview',
  '/stats-and-progress',
  '/account-settings',
  '/subscription-success',
  '/return',
  '/checkout/price_basic_monthly',
];

describe('protected routes', () => {
  it.each(PROTECTED)('%s sends a visitor without a token to /', async (path) => {
    expect(await landOn(path, null)).toEqual({ pathname: '/', token: null });
  });

  it.each(PROTECTED)('%s clears an expired token and goes to /log-out', async (path) => {
    expect(await landOn(path, expiredToken)).toEqual({ pathname: '/log-out', token: null });
  });

  it.each(PROTECTED)('%s opens with a valid token', async (path) => {
    expect(await landOn(path, validToken)).toEqual({ pathname: path, token: validToken });
  });

  it('/update-skills clears an expired token and goes to / instead', async () => {
    expect(await landOn('/update-skills', expiredToken)).toEqual({ pathname: '/', token: null });
    expect(await landOn('/update-skills', validToken)).toEqual({
      pathname: '/update-skills',
      token: validToken,
    });
  });
});

describe('guest-only routes', () => {
  it.each(['/', '/login'])('%s sends a logged-in visitor to /launch-overview', async (path) => {
    expect((await landOn(path, validToken)).pathname).toBe('/launch-overview');
  });

  it.each(['/', '/login'])(
    '%s shows itself to a visitor with an expired token and drops it',
    async (path) => {
      expect(await landOn(path, expiredToken)).toEqual({ pathname: path, token: null });
    },
  );

  it('/log-out stays the landing page for anyone', async () => {
    expect((await landOn('/log-out', validToken)).pathname).toBe('/log-out');
  });
});

describe('public routes', () => {
  it.each(['/pricing', '/about-us', '/impressum', '/privacy-policy', '/terms-and-conditions', '/register'])(
    '%s is open to everyone',
    async (path) => {
      expect((await landOn(path, null)).pathname).toBe(path);
      expect((await landOn(path, validToken)).pathname).toBe(path);
    },
  );
});
