import { runSaga, stdChannel } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NEWSLETTER_OFFLINE,
  NEWSLETTER_SUCCESS_FALLBACK,
  NEWSLETTER_UNAVAILABLE,
  newsletterSaga,
} from './newsletter-saga';
import { newsletterSlice, signUpRequested, type NewsletterState } from './newsletter-slice';

afterEach(() => {
  vi.unstubAllGlobals();
});

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Runs the saga against the real reducer and returns the state after one sign-up. */
const signUp = async (fetchImpl: typeof fetch): Promise<NewsletterState> => {
  vi.stubGlobal('fetch', vi.fn(fetchImpl));
  let state = newsletterSlice.getInitialState();
  const channel = stdChannel<UnknownAction>();
  const dispatch = (action: UnknownAction) => {
    state = newsletterSlice.reducer(state, action);
    channel.put(action);
  };
  const task = runSaga({ channel, dispatch, getState: () => state }, newsletterSaga);
  dispatch(signUpRequested({ email: 'drummer@example.com' }));
  await vi.waitFor(() => expect(state.status).not.toBe('submitting'));
  task.cancel();
  return state;
};

describe('newsletter sign-up saga', () => {
  it('posts the email to /api/newsletter and shows the service message', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'Check your inbox to confirm!' }));
    const state = await signUp(fetchMock);
    expect(state).toEqual({ status: 'succeeded', message: 'Check your inbox to confirm!' });
    const [url, init] = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(url).toBe('/api/newsletter');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ email: 'drummer@example.com' });
  });

  it('falls back to a friendly success text when the service says nothing', async () => {
    expect(await signUp(async () => new Response(null, { status: 204 }))).toEqual({
      status: 'succeeded',
      message: NEWSLETTER_SUCCESS_FALLBACK,
    });
  });

  it("shows the service's own reason for a rejected email", async () => {
    const state = await signUp(async () => jsonResponse(400, { message: 'email must be a valid email' }));
    expect(state).toEqual({ status: 'failed', message: 'email must be a valid email' });
  });

  it('says the sign-up is unavailable while the API is missing or broken', async () => {
    expect((await signUp(async () => new Response('Not Found', { status: 404 }))).message).toBe(
      NEWSLETTER_UNAVAILABLE,
    );
    expect((await signUp(async () => new Response('', { status: 502 }))).message).toBe(
      NEWSLETTER_UNAVAILABLE,
    );
  });

  it('says so when the network is down', async () => {
    const state = await signUp(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(state).toEqual({ status: 'failed', message: NEWSLETTER_OFFLINE });
  });
});
