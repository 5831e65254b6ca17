import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import { vi } from 'vitest';

/**
 * Runs a saga whole (runSaga) against a real reducer: `dispatch` feeds it actions, `actions` lists
 * everything that went through, including what the saga put.
 */
export const startSaga = <S>(saga: Saga, reducer: Reducer<S, UnknownAction>, initialState: S) => {
  let state = initialState;
  const actions: UnknownAction[] = [];
  const channel = stdChannel<UnknownAction>();
  const dispatch = (action: UnknownAction) => {
    actions.push(action);
    state = reducer(state, action);
    channel.put(action);
  };
  const task = runSaga({ channel, dispatch, getState: () => state }, saga);
  return {
    dispatch,
    actions,
    types: () => actions.map((action) => action.type),
    state: () => state,
    /** Waits until an action of `type` has gone through. */
    waitFor: (type: string) => vi.waitFor(() => expectType(actions, type)),
    stop: () => task.cancel(),
  };
};

const expectType = (actions: UnknownAction[], type: string) => {
  if (!actions.some((action) => action.type === type)) throw new Error(`no ${type} yet`);
};

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const textResponse = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** Stubs fetch with answers per "METHOD path" (query included); unknown calls fail the test loudly. */
export const stubApi = (answers: Record<string, () => Response | Promise<Response>>) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const answer = answers[key];
    if (!answer) throw new Error(`unexpected request ${key}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The requests made, as "METHOD path" with the parsed JSON body and the token header. */
    calls: () =>
      fetchMock.mock.calls.map(([input, init]) => ({
        request: `${init?.method ?? 'GET'} ${String(input)}`,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        token: (init?.headers as Record<string, string> | undefined)?.['x-auth-token'],
      })),
  };
};
