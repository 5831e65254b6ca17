import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { levelIndex, SKILL_DISPLAY_NAMES } from '@stickwork/domain';
import { levelNameAt } from '../../lib/level-names';
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
  /** What the last level-up or update did, confirmed on screen and to screen readers. */
  notice: string | null;
}

const initialState: ProgressState = {
  load: 'idle',
  report: null,
  ratings: null,
  updating: null,
  notice: null,
};

const levelText = (index: number) => `level ${index}: ${levelNameAt(index)}`;

export const progressSlice = createSlice({
  name: 'progress',
  initialState,
  reducers: {
    statsPageOpened: (state) => {
      state.load = 'loading';
      state.notice = null;
    },
    skillsPageOpened: (state) => {
      state.load = 'loading';
      state.notice = null;
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
      state.notice = null;
    },
    /** PATCH /api/focus took the new level. */
    skillUpdated: (state, action: PayloadAction<SkillSelfRating>) => {
      const { skillName, selected, level } = action.payload;
      state.notice = selected
        ? `${SKILL_DISPLAY_NAMES[skillName]} is set to ${levelText(levelIndex(level))}.`
        : `${SKILL_DISPLAY_NAMES[skillName]} is no longer in your practice sessions.`;
    },
    skillUpdateFinished: (state) => {
      state.updating = null;
    },
    /** The level-up machine raised a level; the gauges and ratings are read again. */
    skillLeveledUp: (state, action: PayloadAction<SkillSelfRating['skillName']>) => {
      const gauge = state.report?.progress.find((entry) => entry.skillName === action.payload);
      if (!gauge) return;
      const raised = levelIndex(gauge.skillLevel) + 1;
      state.notice = `Level up! ${SKILL_DISPLAY_NAMES[action.payload]} is now at ${levelText(raised)}.`;
    },
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
  skillUpdated,
  skillLeveledUp,
} = progressSlice.actions;
export const { selectProgress } = progressSlice.selectors;
