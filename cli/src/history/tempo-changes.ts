import type { RecordedEvent } from '@stickwork/domain';

/** A lesson's tempo from one play to the next: the start of its previous play and of this one, bpm. */
export interface TempoChange {
  fromBpm: number;
  toBpm: number;
}

interface LessonPlay {
  playId: string | null;
  /** The tempo of the play's first take: where the plan (or the drummer) started it. */
  startBpm: number;
  /** Evaluated: the next take opens a new play even without play ids (events before they existed). */
  closed: boolean;
}

/**
 * Follows a customer's events in log order and tells, for the take that opens a play of a lesson,
 * how its tempo differs from the previous play's start ("tempo 84 → 88 bpm"): what the plan that
 * learns did between two plays. Takes inside one play (the speed trainer's steps) are no change.
 * Feed it every event, filtered or not, so a change is found even when the previous play is not shown.
 */
export const createTempoChangeTracker = () => {
  const plays = new Map<number, LessonPlay>();
  return (event: Pick<RecordedEvent, 'type' | 'data'>): TempoChange | undefined => {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const lessonId = Number(data.lessonId);
    if (event.type === 'LessonEvaluated') {
      const play = plays.get(lessonId);
      if (play) play.closed = true;
      return undefined;
    }
    if (event.type !== 'TimingScored' || typeof data.bpm !== 'number') return undefined;
    const playId = typeof data.playId === 'string' ? data.playId : null;
    const previous = plays.get(lessonId);
    if (previous && !previous.closed && previous.playId === playId) return undefined;
    plays.set(lessonId, { playId, startBpm: data.bpm, closed: false });
    return previous && previous.startBpm !== data.bpm
      ? { fromBpm: previous.startBpm, toBpm: data.bpm }
      : undefined;
  };
};

export type TempoChangeTracker = ReturnType<typeof createTempoChangeTracker>;

/** The summary's words for a change. */
export const tempoChangeLabel = ({ fromBpm, toBpm }: TempoChange): string =>
  `tempo ${fromBpm} → ${toBpm} bpm`;
