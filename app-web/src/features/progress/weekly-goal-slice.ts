import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WeeklyGoalView } from './weekly-goal-api';

/** The stats page's weekly goal and humane streak. Workflows in weekly-goal-saga.ts. */
export interface WeeklyGoalState {
  load: 'idle' | 'loading' | 'loaded' | 'failed';
  view: WeeklyGoalView | null;
  /** The goal being saved. */
  saving: number | null;
  /** What the last save did (or why it failed), shown and read out. */
  notice: { tone: 'success' | 'error'; text: string } | null;
}

const initialState: WeeklyGoalState = { load: 'idle', view: null, saving: null, notice: null };

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

export const weeklyGoalSlice = createSlice({
  name: 'weeklyGoal',
  initialState,
  reducers: {
    weeklyGoalLoaded: (state, action: PayloadAction<WeeklyGoalView>) => {
      state.load = 'loaded';
      state.view = action.payload;
    },
    weeklyGoalLoadFailed: (state) => {
      state.load = 'failed';
    },
    weeklyGoalChosen: (state, action: PayloadAction<number>) => {
      state.saving = action.payload;
      state.notice = null;
    },
    weeklyGoalSaved: (state, action: PayloadAction<WeeklyGoalView>) => {
      state.view = action.payload;
      state.load = 'loaded';
      state.saving = null;
      state.notice = {
        tone: 'success',
        text: `Your goal is now ${days(action.payload.weeklyGoal.daysPerWeek)} a week.`,
      };
    },
    weeklyGoalSaveFailed: (state, action: PayloadAction<string>) => {
      state.saving = null;
      state.notice = { tone: 'error', text: action.payload };
    },
  },
  selectors: {
    selectWeeklyGoal: (state) => state,
  },
});

export const {
  weeklyGoalLoaded,
  weeklyGoalLoadFailed,
  weeklyGoalChosen,
  weeklyGoalSaved,
  weeklyGoalSaveFailed,
} = weeklyGoalSlice.actions;
export const { selectWeeklyGoal } = weeklyGoalSlice.selectors;
