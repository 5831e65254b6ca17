import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  FinishExerciseRequest,
  LessonCardScheduleProgress,
  PracticeActivityRecord,
  ScheduleRequestBody,
  SkillPreferenceEntry,
  TimingScoredRequest,
} from '@stickwork/domain';
import type { FinishExerciseResponse, LessonProgressResponse } from './practice-api';
import type { StoredSchedule } from './stored-schedule';
import { emptyRun, type LessonCredit, type PracticeReport } from './practice-run';

export type { LessonCredit, PracticeReport } from './practice-run';

/**
 * The practice screens (product-spec §2 "Launch overview", "Lesson card", §4 "Practice flow"): the
 * overview's data, the running session and the report. Calls and storage live in practice-saga.ts;
 * the card itself runs domain's lessonCardMachine.
 */
export interface PracticeState {
  /** The customer's chosen skills (GET /api/focus); null until loaded. */
  skillPreference: SkillPreferenceEntry[] | null;
  progress: LessonProgressResponse | null;
  /**
   * Whether `progress` includes the session just ended: 'refreshing' from the end's refresh until its
   * answer, so the report never shows figures read before the session's last evaluation.
   */
  progressStatus: 'current' | 'refreshing' | 'unavailable';
  requestStatus: 'idle' | 'requesting';
  /** Why the last session request failed, as the overview shows it. */
  requestError: string | null;
  upsellOpen: boolean;
  /** The session the lesson card runs; null shows the overview. */
  session: StoredSchedule | null;
  /** An unfinished session from earlier, offered as 'Resume Practice'. */
  resumable: StoredSchedule | null;
  /** Counts of this run, for the report. */
  run: PracticeReport;
  report: PracticeReport | null;
  /** What the server credited for the lesson evaluated last (the card says when it earned nothing). */
  lastCredit: LessonCredit | null;
}

const initialState: PracticeState = {
  skillPreference: null,
  progress: null,
  progressStatus: 'current',
  requestStatus: 'idle',
  requestError: null,
  upsellOpen: false,
  session: null,
  resumable: null,
  run: emptyRun,
  report: null,
  lastCredit: null,
};

export const practiceSlice = createSlice({
  name: 'practice',
  initialState,
  reducers: {
    overviewOpened: () => {},
    focusReceived: (state, action: PayloadAction<SkillPreferenceEntry[]>) => {
      state.skillPreference = action.payload;
    },
    progressReceived: (state, action: PayloadAction<LessonProgressResponse>) => {
      state.progress = action.payload;
      state.progressStatus = 'current';
    },
    progressUnavailable: (state) => {
      state.progressStatus = 'unavailable';
    },
    unfinishedScheduleFound: (state, action: PayloadAction<StoredSchedule>) => {
      state.resumable = action.payload;
    },
    practiceSessionRequested: (state, _action: PayloadAction<ScheduleRequestBody>) => {
      state.requestStatus = 'requesting';
      state.requestError = null;
    },
    practiceSessionReceived: (state, action: PayloadAction<StoredSchedule>) => {
      state.requestStatus = 'idle';
      state.session = action.payload;
      state.resumable = null;
      state.run = emptyRun;
      state.lastCredit = null;
    },
    practiceSessionRefused: (state, action: PayloadAction<{ message: string }>) => {
      state.requestStatus = 'idle';
      state.requestError = action.payload.message;
    },
    dailyLimitReached: (state) => {
      state.requestStatus = 'idle';
      state.upsellOpen = true;
    },
    upsellClosed: (state) => {
      state.upsellOpen = false;
    },
    practiceResumed: (state) => {
      if (!state.resumable) return;
      state.session = state.resumable;
      // The report goes on from where the session stopped, reload or not.
      state.run = state.resumable.run ?? emptyRun;
      state.resumable = null;
      state.lastCredit = null;
    },
    lessonEvaluated: (state, action: PayloadAction<{ evaluation: FinishExerciseRequest; focus: string }>) => {
      if (action.payload.evaluation.type === 'warm_up') {
        state.run.warmUpsDone += 1;
        return;
      }
      state.run.lessonsPractised += 1;
      if (!state.run.practisedSkills.includes(action.payload.focus)) {
        state.run.practisedSkills.push(action.payload.focus);
      }
    },
    lessonUsageCounted: (_state, _action: PayloadAction<{ lessonId: number }>) => {},
    /** The timing coach scored a take (posted in order with the evaluation; failures only logged). */
    timingScored: (state, action: PayloadAction<TimingScoredRequest>) => {
      const { lessonId, bpm, accuracy, input } = action.payload;
      state.run.takes = [...(state.run.takes ?? []), { lessonId, bpm, accuracy, input }];
    },
    /** The server's answer to an evaluation: whether the lesson earned its practice. */
    lessonCredited: (state, action: PayloadAction<{ name: string; response: FinishExerciseResponse }>) => {
      const { name, response } = action.payload;
      const credit: LessonCredit = {
        lessonId: response.lessonId,
        name,
        earned: response.earned,
        practisedSeconds: response.practisedSeconds,
        skipped: response.skipped,
        masteryShown: response.masteryShown,
      };
      state.lastCredit = credit;
      if (!credit.earned) state.run.unearned = [...(state.run.unearned ?? []), credit];
    },
    practiceActivityRecorded: (state, action: PayloadAction<PracticeActivityRecord>) => {
      state.run.secondsPractised += action.payload.practiceDurationSeconds;
    },
    scheduleProgressed: (state, action: PayloadAction<LessonCardScheduleProgress>) => {
      if (!state.session) return;
      state.session.currentLessonIndex = action.payload.currentLessonIndex;
      state.session.practiceTimeBeforeCurrentExercise = action.payload.practiceTimeBeforeCurrentExercise;
    },
    progressRefreshRequested: (state) => {
      state.progressStatus = 'refreshing';
    },
    practiceReportOpened: (state) => {
      state.report = state.run;
    },
    practiceScheduleReset: (state) => {
      state.session = null;
      state.resumable = null;
    },
    practiceReportClosed: (state) => {
      state.report = null;
    },
  },
  selectors: {
    selectSkillPreference: (state) => state.skillPreference,
    selectLessonProgress: (state) => state.progress,
    selectProgressStatus: (state) => state.progressStatus,
    selectRequestStatus: (state) => state.requestStatus,
    selectRequestError: (state) => state.requestError,
    selectUpsellOpen: (state) => state.upsellOpen,
    selectPracticeSession: (state) => state.session,
    selectResumableSchedule: (state) => state.resumable,
    selectPracticeReport: (state) => state.report,
    selectLastCredit: (state) => state.lastCredit,
    selectPracticeRun: (state) => state.run,
  },
});

export const {
  overviewOpened,
  focusReceived,
  progressReceived,
  progressUnavailable,
  unfinishedScheduleFound,
  practiceSessionRequested,
  practiceSessionReceived,
  practiceSessionRefused,
  dailyLimitReached,
  upsellClosed,
  practiceResumed,
  lessonEvaluated,
  lessonUsageCounted,
  timingScored,
  practiceActivityRecorded,
  lessonCredited,
  scheduleProgressed,
  progressRefreshRequested,
  practiceReportOpened,
  practiceScheduleReset,
  practiceReportClosed,
} = practiceSlice.actions;

export const {
  selectSkillPreference,
  selectLessonProgress,
  selectProgressStatus,
  selectRequestStatus,
  selectRequestError,
  selectUpsellOpen,
  selectPracticeSession,
  selectResumableSchedule,
  selectPracticeReport,
  selectLastCredit,
  selectPracticeRun,
} = practiceSlice.selectors;
