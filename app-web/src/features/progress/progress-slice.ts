import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FocusView, LessonProgress, SkillSelfRating } from './progress-api';

/**
 * The stats page and the skill screen (product-spec §2): the practice report and the skill ratings.
 * Workflows in progress-saga.ts.
 */
export interface ProgressState {
  load: 'idle' | 'loading' | 'loaded' | 'failed';
  report: LessonProgress | null;
  ratings: SkillSelfRating[] | null;
  /** The skill whose update is being sent. */
  updating: SkillSelfRating['skillName'] | null;
}

const initialState: ProgressState = { load: 'idle', report: null, ratings: null, updating: null };

export const progressSlice = createSlice({
  name: 'progress',
  initialState,
  reducers: {
    statsPageOpened: (state) => {
      state.load = 'loading';
    },
    skillsPageOpened: (state) => {
      state.load = 'loading';
    },
    progressLoaded: (state, action: PayloadAction<{ report: LessonProgress; ratings: FocusView | null }>) => {
      state.load = 'loaded';
      state.report = action.payload.report;
      if (action.payload.ratings) state.ratings = action.payload.ratings.skillSelfRating;
    },
    progressLoadFailed: (state) => {
      state.load = 'failed';
    },
    skillUpdateRequested: (state, action: PayloadAction<SkillSelfRating>) => {
      state.updating = action.payload.skillName;
    },
    skillUpdateFinished: (state) => {
      state.updating = null;
    },
    /** The level-up machine raised a level; the gauges and ratings are read again. */
    skillLeveledUp: (_state, _action: PayloadAction<SkillSelfRating['skillName']>) => {},
  },
  selectors: {
    selectProgress: (state) => state,
  },
});

export const {
  statsPageOpened,
  skillsPageOpened,
  progressLoaded,
  progressLoadFailed,
  skillUpdateRequested,
  skillUpdateFinished,
  skillLeveledUp,
} = progressSlice.actions;
export const { selectProgress } = progressSlice.selectors;
