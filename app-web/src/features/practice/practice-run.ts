import type { TimingInput } from '@stickwork/domain';

/** What the server credited for one evaluated lesson (POST /api/lesson/finishExercise). */
export interface LessonCredit {
  lessonId: number;
  name: string;
  /** Practised for real by the server's practice clock; false: it moved nothing. */
  earned: boolean;
  /** Time on the lesson by the server's clock. */
  practisedSeconds: number;
  skipped: boolean;
  /** A mastered box backed by a take at the written tempo. */
  masteryShown: boolean;
}

/** A take the timing coach scored in the session, as the report lists it. */
export interface ReportTake {
  lessonId: number;
  bpm: number;
  accuracy: number;
  input: TimingInput;
}

/** The counts of a practice run, for the report; kept with the stored session so a reload keeps them. */
export interface PracticeReport {
  /** Lessons evaluated in this run; warm-ups are counted apart. */
  lessonsPractised: number;
  warmUpsDone: number;
  /** The stopwatch's exact seconds of every lesson and warm-up, summed before any rounding. */
  secondsPractised: number;
  /** The skills of the lessons practised, whose progress the report shows. */
  practisedSkills: string[];
  /** Lessons evaluated before real practice: they earned nothing (absent in runs stored before). */
  unearned?: LessonCredit[];
  /** The takes of the run, in order. */
  takes?: ReportTake[];
}

export const emptyRun: PracticeReport = {
  lessonsPractised: 0,
  warmUpsDone: 0,
  secondsPractised: 0,
  practisedSkills: [],
  unearned: [],
  takes: [],
};
