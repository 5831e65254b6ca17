import { combineSlices, configureStore } from '@reduxjs/toolkit';
import type { LessonHistoryRow } from '@stickwork/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import createSagaMiddleware from 'redux-saga';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../testing/match-media';
import { jsonResponse, stubApi } from '../../testing/saga-harness';
import { LessonHistoryPage } from './lesson-history-page';
import { lessonHistorySaga } from './lesson-history-saga';
import { lessonHistorySlice } from './lesson-history-slice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const timingRow: LessonHistoryRow = {
  lessonId: 42,
  name: 'Gap click, 8ths',
  focus: 'timing',
  day: '2026-03-11',
  playedAt: '2026-03-11T09:00:00.000Z',
  rating: 'easy',
  skipped: false,
  takes: 2,
  best: { input: 'midi', bpm: 96, accuracy: 86.5, meanOffsetMs: 15.2, spreadMs: 6.4 },
};
const warmUpRow: LessonHistoryRow = {
  ...timingRow,
  lessonId: 7,
  name: 'Kit warm-up',
  focus: 'warm_up',
  day: '2026-03-10',
  rating: 'challenging',
  takes: 0,
  best: null,
};

const Address = () => <output data-testid="address">{useLocation().search}</output>;

const renderPage = (path = '/lesson-history') => {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(lessonHistorySlice),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
  });
  sagas.run(lessonHistorySaga);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <LessonHistoryPage />
        <Address />
      </MemoryRouter>
    </Provider>,
  );
};

describe('the lesson history page', () => {
  it('shows a table of the lessons on a wide screen', async () => {
    stubMatchMedia(true);
    stubApi({ 'GET /api/lesson-history': () => jsonResponse(200, [timingRow, warmUpRow]) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Lessons played, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['11 Mar 2026', 'Timing', '96 bpm', 'easy', '87 %', '15 ms late, ±6 ms', '2']);
    expect(within(first!).getByRole('rowheader').textContent).toBe('Gap click, 8ths');
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10 Mar 2026', 'Warm Up', '—', 'challenging', '—', '—', '0']);
  });

  it('shows a list on a phone, and filters by skill through the address', async () => {
    stubMatchMedia(false);
    const api = stubApi({
      'GET /api/lesson-history': () => jsonResponse(200, [timingRow, warmUpRow]),
      'GET /api/lesson-history?skill=warm_up': () => jsonResponse(200, [warmUpRow]),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Lessons played, newest first' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Gap click, 8ths', 'Kit warm-up']);
    fireEvent.change(screen.getByLabelText('Skill'), { target: { value: 'warm_up' } });
    expect(screen.getByTestId('address').textContent).toBe('?skill=warm_up');
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Lessons played, newest first' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(api.calls().map((call) => call.request)).toEqual([
      'GET /api/lesson-history',
      'GET /api/lesson-history?skill=warm_up',
    ]);
  });

  it('says how to get entries when there are none, per skill', async () => {
    stubMatchMedia(true);
    stubApi({ 'GET /api/lesson-history?skill=grooves': () => jsonResponse(200, []) });
    renderPage('/lesson-history?skill=grooves');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('No Grooves lessons yet');
    expect(screen.getByRole('link', { name: 'Start practising' }).getAttribute('href')).toBe(
      '/launch-overview',
    );
  });

  it('says so when the history cannot be loaded', async () => {
    stubMatchMedia(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /api/lesson-history': () => jsonResponse(500, { message: 'Internal error' }) });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your lesson history could not be loaded. Please try again later.',
    );
  });
});
