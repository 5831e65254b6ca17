import type { ClickSound, TimedPosition, TimedSound } from '@stickwork/domain';
import type { Replay } from '../practice-room/audio-engine';
import type { ScoredTake } from '../timing-coach/timing-coach';
import {
  deleteAllTakes,
  KEPT_TAKES,
  keepTake,
  takesOf,
  type RecordedStroke,
  type RecordedTake,
  type RecordingPlacedBy,
} from './recorded-takes';
import { onsetsIn, placeRecording, recordingTimeline, type RecordingPlacement } from './recording-alignment';
import { canRecord, recordTake, type TakeRecording } from './take-recorder';

/** What listen-back needs of the practice room's audio engine. */
export interface ListenBackPlayer {
  /** The card's AudioContext, made now if it was not yet (call from a click or key). */
  audioContext(): AudioContext | null;
  /** Plays a take back; `onEnded` when it has played out or was stopped. */
  replay(replay: Replay, onEnded: () => void): void;
  stopReplay(): void;
  /** Seconds into the recording being heard now; null when nothing plays back. */
  replayTime(): number | null;
}

export type ListenBackProblem = 'storage' | 'recording-failed' | 'cannot-play';

export interface ListenBackSnapshot {
  /** MediaRecorder exists: takes can be recorded. */
  canRecord: boolean;
  /** This lesson's takes, newest first. */
  takes: RecordedTake[];
  recording: boolean;
  /** The take playing back, by id. */
  playing: string | null;
  /** The click plays with the playback. */
  withClick: boolean;
  problem: ListenBackProblem | null;
  /** The drummer deleted their recordings (said once, until the next take). */
  deleted: boolean;
}

/** A take being recorded: the audio clock at the recorder's start event, and the coach's sensitivity. */
interface Recording {
  recorder: TakeRecording;
  start: number | null;
  sensitivity: number;
}

/** What the practice room planned during a run, on the audio clock. */
interface PlannedRun {
  positions: TimedPosition[];
  clicks: { time: number; click: ClickSound }[];
}

/** How a take's recording sits on the audio clock (its origin and matched strokes), and how that was found. */
export type TakePlacement = { by: RecordingPlacedBy } & Pick<RecordingPlacement, 'origin' | 'matched'>;

/**
 * A finished take as it is kept: every time moved onto the recording's own time line
 * (recording-alignment.ts: found from the strokes the coach heard, or from the recorder's start event
 * alone). The take's notes and clicks go where the drummer heard them in the room: their audio-clock
 * time plus the setup's measured delay (sound out, microphone in) that the coach takes off every stroke;
 * each stroke goes where the recording holds it. A stroke judged on time then sounds with its note's
 * light and click. A stroke the coach heard that the recording does not hold is kept where it would be,
 * marked as such.
 */
export const recordedTakeOf = (input: {
  id: string;
  lessonId: number;
  recordedAt: number;
  audio: Blob;
  scored: ScoredTake;
  planned: PlannedRun;
  placement: TakePlacement;
  /** The audio clock when the take ended. */
  endTime: number;
}): RecordedTake => {
  const { take, score, bpm } = input.scored;
  const timeline = recordingTimeline(input.placement);
  const latency = take.latencyMs / 1000;
  const at = (time: number) => timeline.timeOf(time + latency);
  const during = (time: number) => time >= take.startTime && time <= input.endTime && at(time) >= 0;
  const byStrokes = input.placement.by === 'heard-strokes';
  const strokes: RecordedStroke[] = score.hits
    .filter((hit) => !hit.ornament)
    .map((hit) => {
      // Where the coach heard it on the audio clock (the judge's time has the delay taken off).
      const heard = take.startTime + (hit.timeMs + take.latencyMs) / 1000;
      if (!byStrokes) return { at: timeline.timeOf(heard), offsetMs: hit.offsetMs };
      const recorded = timeline.strokeAt(heard);
      return recorded === null
        ? { at: timeline.timeOf(heard), offsetMs: hit.offsetMs, inRecording: false }
        : { at: recorded, offsetMs: hit.offsetMs, inRecording: true };
    });
  return {
    id: input.id,
    lessonId: input.lessonId,
    recordedAt: input.recordedAt,
    audio: input.audio,
    bpm,
    accuracy: score.accuracy,
    positions: input.planned.positions
      .filter(({ time }) => during(time))
      .map(({ time, position }) => ({ at: at(time), position })),
    clicks: input.planned.clicks
      .filter(({ time }) => during(time))
      .map(({ time, click }) => ({ at: at(time), click })),
    strokes,
    placedBy: input.placement.by,
  };
};

/** The stroke heard last at `seconds` into the recording (within the last 1.5 s), or null. */
export const strokeSoundingAt = (
  strokes: readonly RecordedStroke[],
  seconds: number,
): RecordedStroke | null => {
  let latest: RecordedStroke | null = null;
  for (const stroke of strokes)
    if (stroke.at <= seconds && (!latest || stroke.at >= latest.at)) latest = stroke;
  return latest && seconds - latest.at <= 1.5 ? latest : null;
};

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Hear yourself: with the microphone coach on, each take of the pattern is recorded on the device
 * (MediaRecorder), kept with what the room played and how the coach judged each stroke (IndexedDB, the
 * last KEPT_TAKES of each lesson), and played back through the room with the notation lit, the click if
 * wanted. Nothing is uploaded. A plain store for useSyncExternalStore, like the coach.
 */
export class ListenBack {
  private snapshot: ListenBackSnapshot = {
    canRecord: canRecord(),
    takes: [],
    recording: false,
    playing: null,
    withClick: true,
    problem: null,
    deleted: false,
  };
  private readonly listeners = new Set<() => void>();
  private run: PlannedRun = { positions: [], clicks: [] };
  private recording: Recording | null = null;
  private scoredTake: ScoredTake | null = null;
  private disposed = false;

  constructor(
    private readonly player: ListenBackPlayer,
    private readonly lessonId: number | undefined,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ListenBackSnapshot => this.snapshot;

  /** Reads this lesson's kept takes. */
  async load(): Promise<void> {
    if (this.lessonId === undefined) return;
    try {
      const kept = await takesOf(this.lessonId);
      // A take recorded while they were read is kept too.
      const ids = new Set(kept.map((take) => take.id));
      this.set({ takes: [...this.snapshot.takes.filter((take) => !ids.has(take.id)), ...kept] });
    } catch {
      this.set({ problem: 'storage' });
    }
  }

  /** The practice room starts a run: what it plans from now on belongs to it. */
  runStarting(): void {
    this.run = { positions: [], clicks: [] };
  }

  /** The practice room planned these moments and sounds (ahead of time, on the audio clock). */
  planned(positions: readonly TimedPosition[], sounds: readonly TimedSound[]): void {
    this.run.positions.push(...positions);
    for (const { time, sound } of sounds)
      if (sound.kind === 'click') this.run.clicks.push({ time, click: sound.click });
  }

  /**
   * A take of the pattern starts: recorded when the microphone listens and the browser can record.
   * `sensitivity`: the coach's, so that the recording is heard as the coach heard the microphone.
   */
  takeStarted(stream: MediaStream | null, sensitivity: number): void {
    this.scoredTake = null;
    if (!stream || !this.snapshot.canRecord || this.lessonId === undefined) return;
    this.player.stopReplay();
    try {
      const recording: Recording = {
        recorder: recordTake(stream, () => {
          recording.start = this.player.audioContext()?.currentTime ?? null;
        }),
        start: null,
        sensitivity,
      };
      this.recording = recording;
      this.set({ recording: true, deleted: false, problem: null });
    } catch {
      this.set({ problem: 'recording-failed' });
    }
  }

  /** The coach scored the take (it does so only when strokes were heard). */
  scored(scored: ScoredTake): void {
    this.scoredTake = scored;
  }

  /** The take ends at `endTime` on the audio clock: a scored take is kept, an unscored one let go. */
  async takeEnded(endTime: number): Promise<void> {
    const recording = this.recording;
    const scored = this.scoredTake;
    const planned = this.run;
    this.recording = null;
    this.scoredTake = null;
    if (!recording) return;
    this.set({ recording: false });
    let audio: Blob;
    try {
      audio = await recording.recorder.stop();
    } catch {
      return this.set({ problem: 'recording-failed' });
    }
    if (!scored || recording.start === null || this.lessonId === undefined || audio.size === 0) return;
    const placement = await this.placed(audio, scored, recording.start, recording.sensitivity);
    const take = recordedTakeOf({
      id: newId(),
      lessonId: this.lessonId,
      recordedAt: Date.now(),
      audio,
      scored,
      planned,
      placement,
      endTime,
    });
    this.set({ takes: [take, ...this.snapshot.takes].slice(0, KEPT_TAKES) });
    try {
      await keepTake(take);
    } catch {
      // Kept in memory for this card: it can still be played back until the drummer leaves it.
      this.set({ problem: 'storage' });
    }
  }

  /**
   * Where the recording sits on the audio clock: found from the strokes the coach heard
   * (recording-alignment.ts); by the recorder's start event only when they cannot be matched (a recording
   * this browser cannot decode, or too few strokes heard in it).
   */
  private async placed(
    audio: Blob,
    scored: ScoredTake,
    startEvent: number,
    sensitivity: number,
  ): Promise<TakePlacement> {
    const context = this.player.audioContext();
    try {
      if (!context) throw new Error('no audio context');
      const decoded = await context.decodeAudioData(await audio.arrayBuffer());
      // The whole take: a glitch of the audio input under load moves the strokes after it by a few ms,
      // and the time line follows the strokes matched through the take.
      const heard = scored.take.strokes.map((stroke) => stroke.time);
      const found = placeRecording(heard, await onsetsIn(decoded, sensitivity), startEvent, decoded.duration);
      if (found) return { by: 'heard-strokes', origin: found.origin, matched: found.matched };
    } catch {
      // Placed by the start event below: the take can still be heard back, if less exactly.
    }
    return { by: 'recorder-start', origin: startEvent, matched: [] };
  }

  setWithClick(withClick: boolean): void {
    this.set({ withClick });
  }

  /** Plays a take back (from a click): its audio at the drummer's own level, the notation lit. */
  async play(id: string): Promise<void> {
    const take = this.snapshot.takes.find((entry) => entry.id === id);
    const context = this.player.audioContext();
    if (!take || !context) return;
    this.player.stopReplay();
    let audio: AudioBuffer;
    try {
      audio = await context.decodeAudioData(await take.audio.arrayBuffer());
    } catch {
      return this.set({ problem: 'cannot-play' });
    }
    if (this.disposed) return;
    this.set({
      playing: id,
      problem: this.snapshot.problem === 'cannot-play' ? null : this.snapshot.problem,
    });
    this.player.replay(
      { audio, positions: take.positions, clicks: this.snapshot.withClick ? take.clicks : [] },
      () => this.set({ playing: null }),
    );
  }

  stop(): void {
    this.player.stopReplay();
  }

  /** The one control that deletes every recorded take on this device. */
  async deleteAll(): Promise<void> {
    this.player.stopReplay();
    this.set({ takes: [], playing: null });
    try {
      await deleteAllTakes();
      this.set({ deleted: true, problem: null });
    } catch {
      this.set({ problem: 'storage' });
    }
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }

  private set(change: Partial<ListenBackSnapshot>): void {
    if (this.disposed) return;
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
