import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LessonFocus, LessonHistoryRow, SteadyLag, WeakSpot } from '@stickwork/domain';

/** The lesson history (/lesson-history) and the timing trends of the stats page, which read the same rows. */
export interface LessonHistoryState {
  /** The skill the rows are of; null for every lesson. */
  skill: LessonFocus | null;
  rows: LessonHistoryRow[] | null;
  load: 'idle' | 'loading' | 'failed';
  /** The weak spots of the stats page (GET /api/timing/weak-spots); null until they came. */
  weakSpots: WeakSpot[] | null;
  /** A lag every position shares (GET /api/timing/steady-lag), said once above the weak spots. */
  steadyLag: SteadyLag | null;
}

const initialState: LessonHistoryState = {
  skill: null,
  rows: null,
  load: 'idle',
  weakSpots: null,
  steadyLag: null,
};

export const lessonHistorySlice = createSlice({
  name: 'lessonHistory',
  initialState,
  reducers: {
    lessonHistoryOpened: (state, action: PayloadAction<{ skill: LessonFocus | null }>) => {
      // Rows of another skill must not show under the new filter while it loads.
      if (action.payload.skill !== state.skill) state.rows = null;
      state.skill = action.payload.skill;
      state.load = 'loading';
    },
    lessonHistoryReceived: (
      state,
      action: PayloadAction<{ skill: LessonFocus | null; rows: LessonHistoryRow[] }>,
    ) => {
      if (action.payload.skill !== state.skill) return;
      state.rows = action.payload.rows;
      state.load = 'idle';
    },
    lessonHistoryFailed: (state) => {
      state.load = 'failed';
    },
    weakSpotsRequested: () => {},
    weakSpotsReceived: (state, action: PayloadAction<{ spots: WeakSpot[]; steadyLag: SteadyLag | null }>) => {
      state.weakSpots = action.payload.spots;
      state.steadyLag = action.payload.steadyLag;
    },
  },
  selectors: {
    selectLessonHistory: (state) => state,
  },
});

export const {
  lessonHistoryOpened,
  lessonHistoryReceived,
  lessonHistoryFailed,
  weakSpotsRequested,
  weakSpotsReceived,
} = lessonHistorySlice.actions;
export const { selectLessonHistory } = lessonHistorySlice.selectors;
