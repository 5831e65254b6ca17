import { combineSlices, configureStore } from '@reduxjs/toolkit';
import type { WeakSpot } from '@stickwork/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../testing/saga-harness';
import { weakSpotsSaga } from './lesson-history-saga';
import { lessonHistorySlice } from './lesson-history-slice';
import { WeakSpots } from './weak-spots';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderSpots = () => {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(lessonHistorySlice),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
  });
  sagas.run(weakSpotsSaga);
  return render(
    <Provider store={store}>
      <WeakSpots />
    </Provider>,
  );
};

const spots: WeakSpot[] = [
  {
    voice: 'bass_drum',
    position: '&',
    meanOffsetMs: 18,
    spreadMs: 6,
    strokes: 64,
    takes: 5,
    trend: 'better',
  },
  { voice: 'snare', position: 'e', meanOffsetMs: -3, spreadMs: 27, strokes: 31, takes: 1, trend: 'new' },
];

describe('the weak spots of the stats page', () => {
  it('says each in words a drummer uses, worst first, with its trend', async () => {
    stubApi({ 'GET /api/timing/weak-spots': () => jsonResponse(200, spots) });
    renderSpots();
    await screen.findByRole('heading', { name: 'Weak spots' });
    expect(screen.getAllByTestId('weak-spot').map((item) => item.textContent)).toEqual([
      "Your bass drum on the '&' drags 18 msgetting better · 64 strokes in 5 takes",
      "Your snare on the 'e' wanders by 27 msnew this month · 31 strokes in 1 take",
    ]);
  });

  it('shows nothing without weak spots, or when they cannot be loaded', async () => {
    const api = stubApi({ 'GET /api/timing/weak-spots': () => jsonResponse(200, []) });
    const { container } = renderSpots();
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
    cleanup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /api/timing/weak-spots': () => jsonResponse(500, { message: 'down' }) });
    const failed = renderSpots();
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(failed.container.textContent).toBe('');
  });
});
