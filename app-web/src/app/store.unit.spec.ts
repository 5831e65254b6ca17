import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { newsletterSlice } from '../features/landing/newsletter-slice';
import { loginSlice } from '../features/login/login-slice';
import { practiceSlice } from '../features/practice/practice-slice';
import { progressSlice } from '../features/progress/progress-slice';
import { expAt, fakeToken } from '../testing/fake-token';
import { newsletterFeature } from './features/newsletter';
import { practiceFeature } from './features/practice';
import { createAppRoutes } from './router';
import { createAppStore } from './store';

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

const open = async (path: string, token: string | null = null) => {
  const store = createAppStore({ session: { token } });
  const router = createMemoryRouter(createAppRoutes(store), { initialEntries: [path] });
  await idle(router);
  const landed = { pathname: router.state.location.pathname, state: store.getState() };
  router.dispose();
  return landed;
};

describe('features arrive with the routes that use them (the landing page carries only its own state)', () => {
  it('the store starts with the session only', () => {
    const store = createAppStore({ session: { token: null } });
    expect(Object.keys(store.getState())).toEqual(['session']);
  });

  it('an added feature holds its initial state at once; adding it again changes nothing', () => {
    const store = createAppStore({ session: { token: null } });
    store.addFeatures(practiceFeature);
    const state = store.getState();
    expect(state.practice).toEqual(practiceSlice.getInitialState());
    expect(state.progress).toEqual(progressSlice.getInitialState());
    store.addFeatures(practiceFeature, practiceFeature);
    expect(store.getState()).toBe(state);
  });

  it('the landing page renders with the session only (its newsletter form brings its own state)', async () => {
    const { pathname, state } = await open('/');
    expect(pathname).toBe('/');
    expect(Object.keys(state)).toEqual(['session']);
  });

  it('the newsletter feature holds the form’s initial state once added', () => {
    const store = createAppStore({ session: { token: null } });
    store.addFeatures(newsletterFeature);
    expect(store.getState().newsletter).toEqual(newsletterSlice.getInitialState());
  });

  it('the login page brings the login state before it renders', async () => {
    const { state } = await open('/login');
    expect(state.login).toEqual(loginSlice.getInitialState());
    expect(state).not.toHaveProperty('practice');
  });

  it('a practice page brings the practice state for a logged-in drummer', async () => {
    const token = fakeToken({ exp: expAt(Date.now()) + 3600, firstname: 'Alex' });
    const { pathname, state } = await open('/stats-and-progress', token);
    expect(pathname).toBe('/stats-and-progress');
    expect(state.progress).toEqual(progressSlice.getInitialState());
    expect(state.practice).toEqual(practiceSlice.getInitialState());
  });
});
