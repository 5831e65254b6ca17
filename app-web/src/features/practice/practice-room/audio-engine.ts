import {
  advanceSequence,
  startSequence,
  type PracticePosition,
  type PracticeProgram,
  type SequencerState,
  type TimedPosition,
  type TimedSound,
  type ClickSound,
} from '@stickwork/domain';
import { heardTime } from '../../../lib/audio-clock';
import { playClick } from './drum-voices';
import { kitVoicesOn, playPlanned, type KitVoices } from './kit-sound';
import { createLookAheadTimer, type LookAheadTimer } from './look-ahead-timer';
import { DEFAULT_PRACTICE_SETTINGS } from './practice-settings';
import type { SoundMix } from './sound-mix';
import { createSamplePlayer, playsRimShots, type SampleKit } from './sampled-kit';
import { createSoundBus, setLevels, type SoundBus } from './sound-bus';

/*
 * The look-ahead scheduler ("A tale of two clocks"): a timer ticks every 25 ms and each tick starts every
 * sound of the next LOOK_AHEAD seconds with `start(when)` on the audio clock, so the audio thread plays
 * them on time whatever the page is doing. It is written here rather than taken from Tone.js: the
 * scheduling itself is ~100 lines (the timing maths is the pure sequencer in domain, tested there),
 * while Tone.js would add ~350 kB and its own context wrapper for a transport we would use one call of.
 */

/** How often the scheduler runs. */
export const TICK_MS = 25;
/**
 * How far ahead sounds are started. Longer than the worst main-thread stall we plan for (a 150 ms
 * task plus a tick), so a busy page delays no click; tempo changes take effect from the next beat
 * after this window.
 */
export const LOOK_AHEAD_SECONDS = 0.3;
/** A sound planned this much in the past is dropped instead of played late. */
const LATE_LIMIT_SECONDS = 0.05;
/** The first beat sounds this long after start, so its sources are set before their time. */
const START_DELAY_SECONDS = 0.1;

type AudioContextClass = typeof AudioContext;

export const audioContextClass = (): AudioContextClass | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window.AudioContext ??
      (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);

/** A recorded take to play back: every time in seconds into its recording. */
export interface Replay {
  audio: AudioBuffer;
  /** Where the notation was at each moment, as the drummer heard it while recording. */
  positions: readonly { at: number; position: PracticePosition }[];
  /** The clicks to play with it (none: the take alone). */
  clicks: readonly { at: number; click: ClickSound }[];
}

export interface PracticeEngineOptions {
  /** Called as each position sounds (on the audio clock), and with null when playback stops. */
  onPosition: (position: PracticePosition | null) => void;
  /**
   * Called as positions and sounds are planned, ahead of time, with the audio-clock time each will sound
   * at (for the timing coach: the notes at each step are the ones a take expects then; for listen-back:
   * what a recorded take is played back with).
   */
  onPlanned?: (positions: readonly TimedPosition[], sounds: readonly TimedSound[]) => void;
  createTimer?: (tick: () => void) => LookAheadTimer;
  AudioContext?: AudioContextClass;
  /**
   * The sampled kit, fetched and decoded when the engine is made (the card opens); until it is ready,
   * or if it cannot be had, the synthesised kit plays.
   */
  loadSamples?: () => Promise<SampleKit>;
}

/**
 * The practice room's audio engine: one AudioContext (made on the first start, which comes from a
 * click or key), one look-ahead timer, the kits (sampled once decoded, synthesised until then) through
 * the mixer's bus and its limiter. `dispose` stops every source, the timer,
 * the Worker and the animation frame, and closes the context: nothing sounds after it.
 */
export class PracticeEngine {
  private readonly timer: LookAheadTimer;
  private readonly AudioContextClass: AudioContextClass | undefined;
  private context: AudioContext | null = null;
  private bus: SoundBus | null = null;
  private voices: KitVoices | null = null;
  private samples: SampleKit | null = null;
  private readonly sources = new Set<AudioScheduledSourceNode>();
  private sequence: SequencerState | null = null;
  private pending: TimedPosition[] = [];
  private frame: number | null = null;
  private program: PracticeProgram | null = null;
  private bpm = 120;
  private volume = DEFAULT_PRACTICE_SETTINGS.volume;
  private mix: SoundMix = DEFAULT_PRACTICE_SETTINGS.sound;
  private runStartTime = 0;
  /** The take playing back: when its recording began on the audio clock, when it ends, who to tell. */
  private replaying: { begin: number; end: number; onEnded: () => void } | null = null;
  private disposed = false;

  constructor(private readonly options: PracticeEngineOptions) {
    this.AudioContextClass = options.AudioContext ?? audioContextClass();
    this.timer = (options.createTimer ?? createLookAheadTimer)(() => this.schedule());
    options
      .loadSamples?.()
      .then((samples) => {
        this.samples = samples;
        if (this.voices) this.voices.samples = createSamplePlayer(samples, this.sampleTarget());
      })
      // Offline before the kit was ever fetched, or a browser that cannot decode it: the synthesised kit plays.
      .catch(() => {});
  }

  /** Whether this browser can play at all. */
  get available(): boolean {
    return this.AudioContextClass !== undefined;
  }

  get running(): boolean {
    return this.sequence !== null;
  }

  /** The card's AudioContext, made now if it was not yet (call from a click or key); null without Web Audio. */
  audioContext(): AudioContext | null {
    return this.disposed || !this.AudioContextClass ? null : this.ensureContext();
  }

  /** When the running program's first beat (its count-in's, if any) sounds on the audio clock; null when stopped. */
  get startTime(): number | null {
    return this.sequence ? this.runStartTime : null;
  }

  /** What to play and at which tempo; a running program takes it from its next beat on. */
  update(program: PracticeProgram, bpm: number): void {
    this.program = program;
    this.bpm = bpm;
    if (this.voices) this.voices.rimShots = playsRimShots(program.notation?.notes ?? []);
  }

  /** The master volume and the mixer: levels glide there in 10 ms, the kit's sound changes from the next stroke. */
  setSound(volume: number, mix: SoundMix): void {
    this.volume = volume;
    this.mix = mix;
    if (this.voices) this.voices.mix = mix;
    if (this.bus && this.context) setLevels(this.bus, { volume, ...mix }, this.context.currentTime);
  }

  /** Starts the program from its first beat (count-in included), stopping what played before. */
  start(program: PracticeProgram, bpm: number): void {
    if (this.disposed || !this.AudioContextClass) return;
    this.stopSounds();
    this.update(program, bpm);
    const context = this.ensureContext();
    void context.resume();
    this.runStartTime = context.currentTime + START_DELAY_SECONDS;
    this.sequence = startSequence(this.runStartTime, program, bpm);
    this.schedule();
    this.timer.start(TICK_MS);
    this.frame ??= requestAnimationFrame(this.publish);
  }

  stop(): void {
    const wasRunning = this.running;
    this.stopSounds();
    if (wasRunning) this.options.onPosition(null);
  }

  /**
   * Plays a recorded take back through the room: its audio at the drummer's own level, its clicks at the
   * click's, its positions published as a run's are (the notation lights). Stops what played before.
   */
  replay(replay: Replay, onEnded: () => void): void {
    if (this.disposed || !this.AudioContextClass) return;
    this.stop();
    const context = this.ensureContext();
    void context.resume();
    const begin = context.currentTime + START_DELAY_SECONDS;
    const source = context.createBufferSource();
    source.buffer = replay.audio;
    source.connect(this.bus!.own);
    source.start(begin);
    this.track(source, begin + replay.audio.duration);
    for (const { at, click } of replay.clicks) playClick(this.voices!.kit, click, begin + at);
    this.pending = replay.positions.map(({ at, position }) => ({ time: begin + at, position }));
    this.replaying = { begin, end: begin + replay.audio.duration, onEnded };
    this.frame ??= requestAnimationFrame(this.publish);
  }

  /** Seconds into the recording playing back, as heard now; null when nothing plays back. */
  get replayTime(): number | null {
    return this.replaying && this.context ? heardTime(this.context) - this.replaying.begin : null;
  }

  stopReplay(): void {
    if (this.replaying) this.stopSounds();
  }

  dispose(): void {
    if (this.disposed) return;
    this.stop();
    this.disposed = true;
    this.timer.dispose();
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    void this.context?.close();
    this.context = null;
    this.voices = null;
  }

  private ensureContext(): AudioContext {
    if (this.context) return this.context;
    const context = new this.AudioContextClass!();
    const bus = createSoundBus(context, { volume: this.volume, ...this.mix });
    this.context = context;
    this.bus = bus;
    this.voices = kitVoicesOn(
      context,
      bus,
      this.track,
      this.samples,
      this.mix,
      playsRimShots(this.program?.notation?.notes ?? []),
    );
    return context;
  }

  private sampleTarget() {
    return { context: this.context!, output: this.bus!.kit, track: this.track };
  }

  private track = (source: AudioScheduledSourceNode, stopAt: number): void => {
    this.sources.add(source);
    source.stop(stopAt);
    source.onended = () => {
      this.sources.delete(source);
      source.disconnect();
    };
  };

  private stopSounds(): void {
    this.timer.stop();
    this.sequence = null;
    this.pending = [];
    this.endReplay();
    for (const source of this.sources) {
      source.onended = null;
      try {
        source.stop(0);
      } catch {
        // Already stopped: nothing left to silence.
      }
      source.disconnect();
    }
    this.sources.clear();
  }

  /** One look-ahead tick: start every sound that begins before currentTime + LOOK_AHEAD_SECONDS. */
  private schedule = (): void => {
    const { context, voices, program, sequence } = this;
    if (!context || !voices || !program || !sequence) return;
    const now = context.currentTime;
    const next = advanceSequence(sequence, program, this.bpm, now + LOOK_AHEAD_SECONDS);
    this.sequence = next.state;
    for (const { time, sound } of next.sounds) {
      // Only after a stall longer than the look-ahead: a sound a little late still plays (at once), but
      // after a suspended tab the missed ones are dropped rather than played in a burst.
      if (time < now - LATE_LIMIT_SECONDS) continue;
      playPlanned(voices, sound, time);
    }
    this.pending.push(...next.positions);
    if (next.positions.length > 0 || next.sounds.length > 0)
      this.options.onPlanned?.(next.positions, next.sounds);
  };

  private endReplay(): void {
    const replaying = this.replaying;
    if (!replaying) return;
    this.replaying = null;
    this.options.onPosition(null);
    replaying.onEnded();
  }

  /** Each animation frame: publish the latest position whose time the listener has reached. */
  private publish = (): void => {
    this.frame = null;
    if (this.disposed) return;
    const { context } = this;
    if (context && this.pending.length > 0) {
      const heard = heardTime(context);
      let latest: PracticePosition | null = null;
      while (this.pending.length > 0 && this.pending[0]!.time <= heard)
        latest = this.pending.shift()!.position;
      if (latest) this.options.onPosition(latest);
    }
    // A take played back ends when its recording has been heard out.
    if (this.replaying && context && heardTime(context) >= this.replaying.end) this.stopSounds();
    if (this.running || this.replaying) this.frame = requestAnimationFrame(this.publish);
  };
}
