import {
  CALIBRATION_CLICKS,
  calibrationOffsets,
  calibrationResult,
  dueNotesAtStep,
  type CalibrationRefusal,
  positionFiguresOf,
  sensitivityForSoftStrokes,
  SOFT_STROKE_TUNING_STROKES,
  type SoftStrokeTuning,
  type Notation,
  type PositionFigures,
  type PracticePosition,
  type TakeScore,
  type Voice,
} from '@stickwork/domain';
import { heardTime } from '../../../lib/audio-clock';
import { storedLatencyMs, storedSensitivity, storeLatencyMs, storeSensitivity } from './calibration';
import { loadDrumMap, saveDrumMapEntry, type DrumMap } from './drum-map';
import { InputUnavailable, type InputProblem } from './input-problems';
import { requestMidi, type MidiDevice, type MidiSession } from './midi-input';
import { openMicrophone, type MicrophoneSession, type StrokeLoudness } from './microphone-input';
import { emptyTake, finalScore, liveScore, noteScheduled, strokeHeard, type Take } from './take';

export type CoachInput = { kind: 'none' } | { kind: 'midi'; device: MidiDevice } | { kind: 'microphone' };

/** A finished take: its score, the input that heard it, the tempo it reached and its figures per position. */
export interface ScoredTake {
  score: TakeScore;
  /** The take as planned and heard (its notes include those the stop left uncounted: `score.hits` index them). */
  take: Take;
  input: 'midi' | 'microphone';
  bpm: number;
  byPosition: PositionFigures[];
  /** The input's latency was measured when the take started (else the take teaches no plan). */
  calibrated: boolean;
}

export interface CoachSnapshot {
  input: CoachInput;
  /** MIDI devices to choose from, once MIDI was asked for. */
  devices: MidiDevice[];
  problem: InputProblem | null;
  /** The chosen input's measured latency, ms; null until calibrated. */
  latencyMs: number | null;
  /** Why the last calibration was refused (too few strokes, too uneven, early, or too late to be a setup's). */
  calibrationRefused: CalibrationRefusal | null;
  calibrating: boolean;
  sensitivity: number;
  /** Whether the microphone listens for an accent and soft strokes to set the sensitivity from. */
  tuningSensitivity: boolean;
  /** What the last soft strokes set (or why they could not); null before any. */
  softStrokeTuning: SoftStrokeTuning | null;
  /** The take being played (its notes and strokes so far), or null. */
  take: Take | null;
  /** The running score of the take being played. */
  live: TakeScore | null;
  /** The last finished take's score. */
  last: TakeScore | null;
  /**
   * Why the take that just ended was not scored: no stroke was heard, or none of those heard was near a
   * note; null after a scored take and while a take runs. A take always ends visibly on Stop.
   */
  unscored: UnscoredTake | null;
  /** The last note number the e-kit sent, and the voice it plays now (to remap it). */
  lastNote: { note: number; voice: Voice | undefined } | null;
}

export interface UnscoredTake {
  /** Strokes the input delivered during the take (0: the coach heard nothing). */
  strokesHeard: number;
}

/** What the coach needs of the practice room's audio engine. */
export interface CoachClock {
  /** The card's AudioContext, made now if it was not yet (call from a click or key). */
  audioContext(): AudioContext | null;
}

export const DEFAULT_SENSITIVITY = 0.5;
const MICROPHONE_KEY = 'microphone';
const inputKey = (input: CoachInput): string | null =>
  input.kind === 'midi' ? `midi:${input.device.name}` : input.kind === 'microphone' ? MICROPHONE_KEY : null;

/**
 * The timing coach of one lesson card: listens to the chosen input (an e-kit over Web MIDI or the
 * microphone), learns the setup's latency from 16 clicks, and scores each take of the pattern against the
 * notes the practice room planned, on the card's audio clock. A plain store (subscribe/getSnapshot) so
 * React reads it with useSyncExternalStore; `dispose` releases the device.
 */
export class TimingCoach {
  private snapshot: CoachSnapshot = {
    input: { kind: 'none' },
    devices: [],
    problem: null,
    latencyMs: null,
    calibrationRefused: null,
    calibrating: false,
    sensitivity: DEFAULT_SENSITIVITY,
    tuningSensitivity: false,
    softStrokeTuning: null,
    take: null,
    live: null,
    last: null,
    unscored: null,
    lastNote: null,
  };
  private readonly listeners = new Set<() => void>();
  private midi: MidiSession | null = null;
  private stopListening: (() => void) | null = null;
  private microphone: MicrophoneSession | null = null;
  private drumMap: DrumMap = {};
  private calibration: { clicks: number[]; hits: number[]; bpm: number } | null = null;
  private softStrokes: StrokeLoudness[] | null = null;
  /** Whether the running take started with the input's latency measured. */
  private takeCalibrated = false;
  private notation: Notation | null = null;
  private pass = { index: 0, lastStep: -1 };
  private liveStrokes = 0;
  private disposed = false;

  /** `lastTake`: the lesson's take scored before the card turned, whose summary shows again. */
  constructor(
    private readonly clock: CoachClock,
    private readonly onTakeScored: (scored: ScoredTake) => void,
    lastTake: TakeScore | null = null,
  ) {
    this.snapshot.last = lastTake;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CoachSnapshot => this.snapshot;

  get listening(): boolean {
    return this.snapshot.input.kind !== 'none';
  }

  /** The microphone's stream while the coach listens to it (listen-back records the takes). */
  get microphoneStream(): MediaStream | null {
    return this.microphone?.stream ?? null;
  }

  setNotation(notation: Notation | null): void {
    this.notation = notation;
  }

  async useMidi(deviceId?: string): Promise<void> {
    this.release();
    try {
      this.midi ??= await requestMidi();
      const devices = this.midi.devices();
      const device = devices.find((candidate) => candidate.id === deviceId) ?? devices[0];
      if (!device) throw new InputUnavailable('midi-no-device');
      this.drumMap = loadDrumMap(device.name);
      const input: CoachInput = { kind: 'midi', device };
      this.stopListening = this.midi.listen(
        device.id,
        (stroke) => {
          if (this.snapshot.lastNote?.note !== stroke.note)
            this.set({ lastNote: { note: stroke.note, voice: this.drumMap[stroke.note] } });
          const context = this.clock.audioContext();
          if (!context) return;
          // A one-voice lesson (a pad, or one drum) takes a stroke on any pad of the kit.
          const voice = this.voicesHeard() ? this.drumMap[stroke.note] : undefined;
          this.heard(heardTime(context, stroke.receivedAt), voice, stroke.velocity);
        },
        () => this.lost('midi-unplugged'),
      );
      this.set({ input, devices, problem: null, ...this.latencyOf(input) });
    } catch (error) {
      this.failed(error);
    }
  }

  async useMicrophone(): Promise<void> {
    this.release();
    const context = this.clock.audioContext();
    if (!context) return this.set({ problem: 'microphone-missing' });
    const sensitivity = storedSensitivity(MICROPHONE_KEY) ?? this.snapshot.sensitivity;
    try {
      this.microphone = await openMicrophone(context, {
        sensitivity,
        onOnset: (time, loudness) => {
          if (this.softStrokes) this.softStrokeHeard(loudness);
          else this.heard(time);
        },
        onGone: () => this.lost('microphone-unplugged'),
      });
      const input: CoachInput = { kind: 'microphone' };
      this.set({ input, problem: null, sensitivity, ...this.latencyOf(input) });
    } catch (error) {
      this.failed(error);
    }
  }

  useNoInput(): void {
    this.release();
    this.set({ input: { kind: 'none' }, problem: null, latencyMs: null, take: null, live: null });
  }

  /** The drummer says which drum a pad of their kit is; remembered for this device in the browser. */
  remap(note: number, voice: Voice): void {
    const { input } = this.snapshot;
    if (input.kind !== 'midi') return;
    this.drumMap = saveDrumMapEntry(input.device.name, note, voice);
    this.set({ lastNote: { note, voice } });
  }

  /** Remembered for the microphone in this browser. */
  setSensitivity(sensitivity: number): void {
    this.microphone?.setSensitivity(sensitivity);
    storeSensitivity(MICROPHONE_KEY, sensitivity);
    this.set({ sensitivity });
  }

  /**
   * The microphone listens for one accent and soft strokes (every stroke heard, none scored) and sets
   * the sensitivity so strokes that soft count; called again, it stops and judges what it heard.
   */
  listenForSoftStrokes(): void {
    if (!this.microphone) return;
    if (this.softStrokes) return this.softStrokesEnded();
    this.softStrokes = [];
    this.microphone.listenForSoftStrokes();
    this.set({ tuningSensitivity: true, softStrokeTuning: null });
  }

  private softStrokeHeard(loudness: StrokeLoudness): void {
    this.softStrokes?.push(loudness);
    if ((this.softStrokes?.length ?? 0) >= SOFT_STROKE_TUNING_STROKES) this.softStrokesEnded();
  }

  private softStrokesEnded(): void {
    const strokes = this.softStrokes ?? [];
    this.softStrokes = null;
    const tuning = sensitivityForSoftStrokes(
      strokes.map((stroke) => stroke.levelDb),
      Math.max(...strokes.map((stroke) => stroke.loudestDb)),
    );
    this.set({ tuningSensitivity: false, softStrokeTuning: tuning });
    this.setSensitivity('refused' in tuning ? this.snapshot.sensitivity : tuning.sensitivity);
  }

  /** Calibration begins: the practice room plays clicks at `bpm`; the coach pairs them with the hits. */
  calibrationStarted(bpm: number): void {
    this.calibration = { clicks: [], hits: [], bpm };
    this.set({ calibrating: true, calibrationRefused: null });
  }

  /** The practice room planned these moments (ahead of time, on the audio clock). */
  planned(positions: readonly { time: number; position: PracticePosition }[]): void {
    if (this.calibration) {
      for (const { time, position } of positions)
        if (!position.countIn && this.calibration.clicks.length < CALIBRATION_CLICKS)
          this.calibration.clicks.push(time);
      return;
    }
    const take = this.snapshot.take;
    const notation = this.notation;
    if (!take || !notation) return;
    let planned = 0;
    for (const { time, position } of positions) {
      const step = position.step;
      if (position.countIn || step === null) continue;
      if (step < this.pass.lastStep) this.pass.index++;
      this.pass.lastStep = step;
      const timeMs = (time - take.startTime) * 1000;
      for (const due of dueNotesAtStep(notation, step, { timeMs, bpm: position.bpm })) {
        noteScheduled(take, { time, due, step, pass: this.pass.index });
        planned++;
      }
    }
    if (planned > 0) this.set({ take: { ...take } });
  }

  /** Whether calibration has planned all its clicks and heard the last one out. */
  calibrationDone(now: number): boolean {
    const clicks = this.calibration?.clicks ?? [];
    return clicks.length >= CALIBRATION_CLICKS && now > (clicks[clicks.length - 1] ?? 0) + 0.4;
  }

  /**
   * Calibration ends (all clicks played, or stopped): the median offset becomes the input's latency, unless
   * it is one no setup can show (the refusal says why; the latency measured before stays).
   */
  calibrationEnded(): void {
    const calibration = this.calibration;
    this.calibration = null;
    const key = inputKey(this.snapshot.input);
    if (!calibration || !key) return this.set({ calibrating: false });
    const result = calibrationResult(
      calibrationOffsets(calibration.clicks, calibration.hits, calibration.bpm),
    );
    if ('refused' in result) return this.set({ calibrating: false, calibrationRefused: result.refused });
    storeLatencyMs(key, result.latencyMs);
    this.set({ calibrating: false, calibrationRefused: null, latencyMs: result.latencyMs });
  }

  /** The pattern starts (count-in first): a new take, when an input listens. */
  takeStarted(startTime: number): void {
    if (!this.listening || this.calibration) return;
    this.pass = { index: 0, lastStep: -1 };
    this.liveStrokes = 0;
    const voiced = this.snapshot.input.kind === 'midi' && this.voicesHeard();
    this.takeCalibrated = this.snapshot.latencyMs !== null;
    this.set({
      take: emptyTake(startTime, this.snapshot.latencyMs ?? 0, voiced),
      live: null,
      unscored: null,
    });
  }

  /** Called on animation frames while a take runs: the running score. */
  tick(now: number): void {
    const take = this.snapshot.take;
    if (!take) return;
    const live = liveScore(take, now);
    // The judged strokes grow in place: their count tells a change.
    if (live.expected !== this.snapshot.live?.expected || live.hits.length !== this.liveStrokes) {
      this.liveStrokes = live.hits.length;
      this.set({ live });
    }
  }

  /** The pattern stops: the take is scored whole (notes still to come when it stopped are not counted). */
  takeEnded(now: number): void {
    const take = this.snapshot.take;
    if (!take) return;
    const score = finalScore(take, now);
    const { input } = this.snapshot;
    const played = score.expected > 0 && score.hit > 0 && input.kind !== 'none';
    // A take stopped before its first note was due is no take; one with notes due and none played is
    // said so (the summary of an earlier take would pass for this one's).
    const unscored = !played && score.expected > 0 ? { strokesHeard: take.strokes.length } : null;
    this.set({ take: null, live: null, last: played ? score : this.snapshot.last, unscored });
    if (!played) return;
    // The tempo reached: under the speed trainer a take climbs, and its top tempo is what was mastered.
    const counted = take.judge.countedNotes().map((index) => take.notes[index]!);
    const bpm = Math.max(...counted.map((note) => note.due.bpm));
    const byPosition = this.notation
      ? positionFiguresOf(
          take.notes.map((note) => ({ voice: note.due.voice, step: note.step, timeMs: note.due.timeMs })),
          score.hits,
          this.notation.subdivision,
          { oneLane: !take.voiced, beatsPerBar: this.notation.timeSignature.beats },
        )
      : [];
    this.onTakeScored({ score, take, input: input.kind, bpm, byPosition, calibrated: this.takeCalibrated });
  }

  dispose(): void {
    this.disposed = true;
    this.release();
    this.listeners.clear();
  }

  private heard(time: number, voice?: Voice, velocity?: number): void {
    if (this.calibration) {
      this.calibration.hits.push(time);
      return;
    }
    const take = this.snapshot.take;
    if (!take) return;
    strokeHeard(take, { time, ...(voice ? { voice } : {}), ...(velocity === undefined ? {} : { velocity }) });
    this.set({ take: { ...take } });
  }

  /** Whether the e-kit's voices are told apart: a lesson on several drums of a kit, not a pad lesson. */
  voicesHeard(): boolean {
    const voices = new Set(this.notation?.notes.map((note) => note.voice));
    return voices.size > 1 && !voices.has('pad');
  }

  private latencyOf(input: CoachInput): { latencyMs: number | null } {
    const key = inputKey(input);
    return { latencyMs: key ? storedLatencyMs(key) : null };
  }

  private lost(problem: InputProblem): void {
    this.release();
    this.set({ input: { kind: 'none' }, problem, take: null, live: null });
  }

  private failed(error: unknown): void {
    if (!(error instanceof InputUnavailable))
      console.error('The timing coach could not open the input.', error);
    this.set({
      input: { kind: 'none' },
      problem: error instanceof InputUnavailable ? error.problem : 'microphone-missing',
    });
  }

  private release(): void {
    this.stopListening?.();
    this.stopListening = null;
    this.microphone?.close();
    this.microphone = null;
    this.calibration = null;
    if (this.softStrokes) this.set({ tuningSensitivity: false });
    this.softStrokes = null;
  }

  private set(change: Partial<CoachSnapshot>): void {
    if (this.disposed) return;
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
