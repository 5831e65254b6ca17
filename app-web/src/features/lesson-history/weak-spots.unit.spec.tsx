import { combineSlices, configureStore } from '@reduxjs/toolkit';
import type { SteadyLag, WeakSpot } from '@stickwork/domain';
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

/** The stats page's two answers: the weak spots (or a failure's status) and the steady lag. */
const stubSpots = (answer: WeakSpot[] | number, steadyLag: SteadyLag | null = null) =>
  stubApi({
    'GET /api/timing/weak-spots': () =>
      typeof answer === 'number' ? jsonResponse(answer, { message: 'down' }) : jsonResponse(200, answer),
    'GET /api/timing/steady-lag': () => jsonResponse(200, { steadyLag }),
  });

const sentences = async () => {
  await screen.findByRole('heading', { name: 'Weak spots' });
  return screen.getAllByTestId('weak-spot').map((item) => item.textContent);
};

describe('the weak spots of the stats page', () => {
  it('says each in words a drummer uses, worst first, with its trend', async () => {
    stubSpots(spots);
    renderSpots();
    expect(await sentences()).toEqual([
      "Your bass drum on the '&' drags 18 msgetting better · 64 strokes in 5 takes",
      "Your snare on the 'e' wanders by 27 msnew this month · 31 strokes in 1 take",
    ]);
  });

  it('shows nothing without weak spots, or when they cannot be loaded', async () => {
    const api = stubSpots([]);
    const { container } = renderSpots();
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
    cleanup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubSpots(500);
    const failed = renderSpots();
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(failed.container.textContent).toBe('');
  });

  it('says a lag every position shares once, first, and a spot that wanders under it as wandering', async () => {
    const wandering: WeakSpot = {
      ...spots[1]!,
      position: '1',
      meanOffsetMs: 18,
      spreadMs: 24,
      underSteadyLag: true,
    };
    stubSpots([wandering], { meanOffsetMs: 18, spreadMs: 3, strokes: 96, takes: 4, trend: 'steady' });
    renderSpots();
    expect(await sentences()).toEqual([
      'You play 18 ms late everywhere: lean back, or calibrate again if your setup changedabout the same · 96 strokes in 4 takes',
      'Your snare on the beat wanders by 24 msnew this month · 31 strokes in 1 take',
    ]);
  });

  it('says a steady lag alone when no position stands out from it', async () => {
    stubSpots([], { meanOffsetMs: -12, spreadMs: 4, strokes: 40, takes: 2, trend: 'worse' });
    renderSpots();
    expect(await sentences()).toEqual([
      'You play 12 ms early everywhere: hold back, or calibrate again if your setup changedgetting worse · 40 strokes in 2 takes',
    ]);
  });
});
