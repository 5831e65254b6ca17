import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { loginSlice } from '../features/login/login-slice';
import { practiceSlice } from '../features/practice/practice-slice';
import { progressSlice } from '../features/progress/progress-slice';
import { expAt, fakeToken } from '../testing/fake-token';
import { createAppRoutes } from './router';
import { createAppStore, type FeatureName } from './store';

const FEATURES: FeatureName[] = [
  'account',
  'checkout',
  'emailVerification',
  'login',
  'passwordRecovery',
  'practice',
  'registration',
];

const idle = (router: ReturnType<typeof createMemoryRouter>) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') {
        unsubscribe();
        resolve();
      }
    });
  });

describe('the store loads features on demand (issue 13: the landing page carries only its own state)', () => {
  it('starts with the session and the newsletter only', () => {
    const store = createAppStore({ session: { token: null } });
    expect(Object.keys(store.getState()).sort()).toEqual(['newsletter', 'session']);
  });

  it('holds a feature’s initial state once it is loaded, and loading it again changes nothing', async () => {
    const store = createAppStore({ session: { token: null } });
    await store.loadFeatures('practice');
    const state = store.getState();
    expect(state.practice).toEqual(practiceSlice.getInitialState());
    expect(state.progress).toEqual(progressSlice.getInitialState());
    await store.loadFeatures('practice', 'practice');
    expect(store.getState()).toBe(state);
  });

  it.each(FEATURES)('loads %s with every slice it declares', async (name) => {
    const store = createAppStore({ session: { token: null } });
    await store.loadFeatures(name);
    expect(Object.keys(store.getState()).length).toBeGreaterThan(2);
  });

  it('the login route brings the login state before its page renders', async () => {
    const store = createAppStore({ session: { token: null } });
    const router = createMemoryRouter(createAppRoutes(store), { initialEntries: ['/login'] });
    await idle(router);
    expect(store.getState().login).toEqual(loginSlice.getInitialState());
    router.dispose();
  });

  it('a protected practice page brings the practice state for a logged-in drummer', async () => {
    const token = fakeToken({ exp: expAt(Date.now()) + 3600, firstname: 'Alex' });
    const store = createAppStore({ session: { token } });
    const router = createMemoryRouter(createAppRoutes(store), { initialEntries: ['/stats-and-progress'] });
    await idle(router);
    expect(router.state.location.pathname).toBe('/stats-and-progress');
    expect(store.getState().progress).toEqual(progressSlice.getInitialState());
    router.dispose();
  });
});
