import { combineSlices, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { PLAY_ID_PATTERN, type ScheduledLesson } from '@stickwork/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionSlice } from '../../lib/session/session-slice';
import { LessonCard } from './lesson-card';
import { createFakeAudioContext } from './practice-room/fake-audio-context';
import {
  lessonEvaluated,
  lessonUsageCounted,
  practiceActivityRecorded,
  practiceReportOpened,
  practiceScheduleReset,
  practiceSlice,
  progressRefreshRequested,
  scheduleProgressed,
} from './practice-slice';

const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
afterEach(cleanup);

const lesson = (lesson_id: number, type: ScheduledLesson['type'], overrides: Partial<ScheduledLesson> = {}) =>
  ({
    lesson_id,
    name: `Lesson ${lesson_id}`,
    focus: type === 'warm_up' ? 'warm_up' : 'timing',
    min_level: 'starter',
    max_level: 'beginner',
    pad_sufficient: false,
    description_text: 'Count out loud.',
    start_bpm: 60,
    number_repetition: 4,
    practice_time: 5,
    type,
    ...overrides,
  }) satisfies ScheduledLesson;

const renderCard = (lessons: ScheduledLesson[]) => {
  const dispatched: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    dispatched.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: combineSlices(sessionSlice, practiceSlice),
    middleware: (defaults) => defaults({ thunk: false }).concat(recorder),
  });
  const session = { lessons, currentLessonIndex: 0, practiceTimeBeforeCurrentExercise: 0 };
  render(
    <Provider store={store}>
      <MemoryRouter>
        <LessonCard session={session} firstName="Ringo" />
      </MemoryRouter>
    </Provider>,
  );
  const types = () => dispatched.map((action) => action.type);
  return { dispatched, types };
};

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('the lesson card', () => {
  it('walks warm-up → exercise → limit overlay, recording each evaluation, and finishes into the report', async () => {
    const { dispatched, types } = renderCard([
      lesson(1, 'warm_up'),
      lesson(2, 'exercise', { start_bpm: 88 }),
      lesson(-1, 'limit_reached', { name: 'Daily Limit reached' }),
    ]);

    expect(screen.getByRole('heading', { name: 'Lesson 1' })).toBeDefined();
    expect(screen.getByText('# 1 / 2')).toBeDefined();
    click('warmed up');

    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Hi Ringo' })).toBeDefined();
    expect(screen.getByText("Please evaluate how difficult you've experienced this lesson.")).toBeDefined();
    expect(screen.queryByLabelText('I have mastered this lesson.')).toBeNull();
    expect((screen.getByLabelText('Difficulty') as HTMLInputElement).value).toBe('2');
    click('back to lesson');
    expect(screen.getByRole('heading', { name: 'Lesson 1' })).toBeDefined();
    click('warmed up');
    click('evaluate lesson');

    expect(screen.getByRole('heading', { name: 'Lesson 2' })).toBeDefined();
    // The practice room loads lazily with the card (its first import takes seconds on a busy machine).
    expect(
      ((await screen.findByLabelText('Metronome (BPM)', {}, { timeout: 10_000 })) as HTMLInputElement).value,
    ).toBe('88');
    click('evaluate lesson');
    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: '4' } });
    fireEvent.click(screen.getByLabelText('I have mastered this lesson.'));
    click('evaluate lesson');

    expect(screen.getByRole('heading', { name: 'Daily Limit reached' })).toBeDefined();
    expect(types()).not.toContain(practiceReportOpened.type);
    click('Finish practice');

    const evaluations = dispatched.filter(lessonEvaluated.match).map((action) => action.payload.evaluation);
    // Each showing is one play, with an id of its own.
    const playId = expect.stringMatching(PLAY_ID_PATTERN) as string;
    expect(evaluations).toEqual([
      { lessonId: 1, type: 'warm_up', ratingDifficulty: 'challenging', skipLesson: false, playId },
      { lessonId: 2, type: 'exercise', ratingDifficulty: 'too_easy', skipLesson: true, playId },
    ]);
    expect(evaluations[0]?.playId).not.toBe(evaluations[1]?.playId);
    expect(dispatched.filter(lessonUsageCounted.match).map((action) => action.payload)).toEqual([
      { lessonId: 2 },
    ]);
    // The warm-up and the lesson: the API's whole minutes (at least 1), the report's exact seconds.
    const seconds = expect.any(Number) as number;
    expect(dispatched.filter(practiceActivityRecorded.match).map((action) => action.payload)).toEqual([
      {
        countLessonsPracticed: 1,
        practiceDurationMinutes: 1,
        practiceDurationSeconds: seconds,
        warmUp: true,
      },
      {
        countLessonsPracticed: 1,
        practiceDurationMinutes: 1,
        practiceDurationSeconds: seconds,
        warmUp: false,
      },
    ]);
    expect(
      dispatched.filter(scheduleProgressed.match).map((action) => action.payload.currentLessonIndex),
    ).toEqual([1, 2]);
    expect(types().slice(-3)).toEqual([
      progressRefreshRequested.type,
      practiceReportOpened.type,
      practiceScheduleReset.type,
    ]);
  });

  it("carries the coach's input to every next card, and the chosen tempo through a card turn", async () => {
    // An e-kit on Web MIDI, as the browser gives it.
    const kit = {
      id: 'kit-1',
      name: 'Test Kit',
      state: 'connected',
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    const access = {
      inputs: new Map([[kit.id, kit]]),
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    vi.stubGlobal('navigator', { ...navigator, requestMIDIAccess: () => Promise.resolve(access) });
    // The coach shows where the card can make sound.
    window.AudioContext = createFakeAudioContext().AudioContext;
    try {
      renderCard([lesson(2, 'exercise', { start_bpm: 88 }), lesson(3, 'exercise', { start_bpm: 70 })]);
      const tempo = async () =>
        ((await screen.findByLabelText('Metronome (BPM)', {}, { timeout: 10_000 })) as HTMLInputElement)
          .value;
      expect(await tempo()).toBe('88');
      fireEvent.change(screen.getByLabelText('Metronome (BPM)'), { target: { value: '100' } });
      fireEvent.blur(screen.getByLabelText('Metronome (BPM)'));
      fireEvent.change(screen.getByLabelText('Listen to'), { target: { value: 'midi' } });
      expect(await screen.findByText(/^Listening to Test Kit\./)).toBeDefined();

      // The card turns and comes back: the tempo and the input as they were left.
      click('evaluate lesson');
      click('back to lesson');
      expect(await tempo()).toBe('100');
      expect(await screen.findByText(/^Listening to Test Kit\./)).toBeDefined();

      // The next lesson: its own planned tempo, the same input.
      click('evaluate lesson');
      click('evaluate lesson');
      expect(screen.getByRole('heading', { name: 'Lesson 3' })).toBeDefined();
      expect(await tempo()).toBe('70');
      expect((screen.getByLabelText('Listen to') as HTMLSelectElement).value).toBe('midi');
      expect(await screen.findByText(/^Listening to Test Kit\./)).toBeDefined();
    } finally {
      vi.unstubAllGlobals();
      delete (window as { AudioContext?: unknown }).AudioContext;
    }
    // The practice room's first lazy import takes seconds on a busy machine.
  }, 30_000);

  it("says 'finish practice' on the last lesson's back and ends the session there", () => {
    const { types } = renderCard([lesson(7, 'exercise')]);
    click('evaluate lesson');
    click('finish practice');
    expect(types()).toContain(practiceReportOpened.type);
    expect(types()).toContain(lessonUsageCounted.type);
  });

  it('says why the start tempo is what it is, and aims the speed trainer at the planned target', async () => {
    renderCard([
      lesson(7, 'exercise', {
        start_bpm: 88,
        tempo_plan: {
          targetBpm: 92,
          basis: { kind: 'takes', bpm: 84, accuracy: 92, takes: 2, ratedTooHard: false },
        },
      }),
    ]);
    expect(screen.getByText('Last time 92 % at 84 bpm, today 88 bpm')).toBeDefined();
    expect(
      ((await screen.findByLabelText('Metronome (BPM)', {}, { timeout: 10_000 })) as HTMLInputElement).value,
    ).toBe('88');
    expect((screen.getByLabelText('Start (BPM)') as HTMLInputElement).value).toBe('88');
    expect((screen.getByLabelText('Target (BPM)') as HTMLInputElement).value).toBe('92');
  });

  it("shows no tempo sentence for a lesson at the catalogue's tempo, nor a reason for a lesson drawn as usual", () => {
    renderCard([lesson(7, 'exercise')]);
    expect(screen.queryByText(/Last time/)).toBeNull();
    expect(screen.queryByText(/weak spot/)).toBeNull();
  });

  it('says why a lesson aimed at a weak spot was chosen', () => {
    const reason = "For your weak spot: your bass drum on the '&' drags 18 ms";
    renderCard([lesson(7, 'exercise', { weak_spot: { voice: 'bass_drum', position: '&', reason } })]);
    expect(screen.getByText(reason)).toBeDefined();
  });

  it('folds a long description and unfolds it on request', () => {
    const long = `${'a'.repeat(260)} the end ${'b'.repeat(200)}`;
    renderCard([lesson(3, 'exercise', { description_text: long })]);
    expect(screen.queryByText(long)).toBeNull();
    click('Show more');
    expect(screen.getByText(long)).toBeDefined();
    click('Show less');
    expect(screen.queryByText(long)).toBeNull();
  });
});
