/*
 * What the practice decider remembers of a lesson's takes, for the plan that learns: its latest plays
 * (each with its takes' tempo and accuracy) and the fastest tempo ever played well.
 */
import { PLAYED_WELL } from '../timing/score-take.js';

/** The showing of a lesson a take belongs to; null for takes recorded before plays had ids. */
type PlayId = string | null;

/** One take as the plan needs it. */
export interface TakeMark {
  bpm: number;
  accuracy: number;
}

/** One showing of a lesson with the takes played in it. */
export interface PlayMark {
  playId: PlayId;
  /** When its first take was scored. ISO instant. */
  at: string;
  takes: TakeMark[];
  /** Rated: a take without a play id after this starts a new play. */
  rated: boolean;
}

export interface LessonTakeHistory {
  /** Oldest first, the latest `PLAYS_KEPT`. */
  plays: PlayMark[];
  /** The fastest tempo of a take of 90 % or more; null before one. */
  bestWellBpm: number | null;
}

/** Plays remembered per lesson (what spaced returns look back on). */
export const PLAYS_KEPT = 8;
/** Takes remembered per play (a long practice of one lesson keeps its latest). */
export const TAKES_KEPT_PER_PLAY = 12;

/** Takes recorded without a play id belong to the latest play while it is unrated and this recent. */
const PLAY_WINDOW_MS = 6 * 60 * 60 * 1000;

const belongsTo = (play: PlayMark | undefined, playId: PlayId, at: string): play is PlayMark =>
  play !== undefined &&
  (playId !== null
    ? play.playId === playId
    : play.playId === null && !play.rated && Date.parse(at) - Date.parse(play.at) <= PLAY_WINDOW_MS);

/** The history after a take. Never changes `history`. */
export const withTake = (
  history: LessonTakeHistory | undefined,
  take: TakeMark & { playId: PlayId; at: string },
): LessonTakeHistory => {
  const plays = history?.plays ?? [];
  const last = plays.at(-1);
  const mark = { bpm: take.bpm, accuracy: take.accuracy };
  const next: PlayMark[] = belongsTo(last, take.playId, take.at)
    ? [...plays.slice(0, -1), { ...last, takes: [...last.takes, mark].slice(-TAKES_KEPT_PER_PLAY) }]
    : [...plays, { playId: take.playId, at: take.at, takes: [mark], rated: false }].slice(-PLAYS_KEPT);
  const best = history?.bestWellBpm ?? null;
  return {
    plays: next,
    bestWellBpm: take.accuracy >= PLAYED_WELL ? Math.max(best ?? 0, take.bpm) : best,
  };
};

/** The history after an evaluation: the play it rates is closed. */
export const withRating = (
  history: LessonTakeHistory | undefined,
  playId: PlayId,
): LessonTakeHistory | undefined => {
  const last = history?.plays.at(-1);
  if (!history || !last || (playId !== null && last.playId !== playId)) return history;
  return { ...history, plays: [...history.plays.slice(0, -1), { ...last, rated: true }] };
};
