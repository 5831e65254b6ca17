import {
  addTap,
  beatsPerBarOf,
  CALIBRATION_BPM,
  changeGap,
  clampTempo,
  defaultSpeedTrainer,
  gapClick,
  initialTempo,
  passAt,
  speedTrainer,
  tappedTempo,
  type GapChange,
  type Notation,
  type PlaybackPosition,
  type PracticeProgram,
  type TakeScore,
} from '@stickwork/domain';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Button } from '../../../components/button/button';
import { ListenBack } from '../listen-back/listen-back';
import { ListenBackPanel } from '../listen-back/listen-back-panel';
import { TimingCoach, type CoachInput, type ScoredTake } from '../timing-coach/timing-coach';
import type { PlaySuggestion } from '../timing-coach/take-summary';
import { TimingCoachPanel } from '../timing-coach/timing-coach-panel';
import { INTERRUPTION_MESSAGES, type CardTransport } from './card-transport';
import { Check } from './check';
import { PracticeOptions } from './practice-options';
import { readPracticeSettings, writePracticeSettings, type PracticeSettings } from './practice-settings';
import { practiceKeyAction } from './practice-keys';
import { barLabel, PracticeStatus } from './practice-status';
import { TempoControls, TempoSlider } from './tempo-controls';
import { usePracticeEngine, type PracticeMode } from './use-practice-engine';
import { useWakeLock } from './use-wake-lock';
import './practice-room.css';

/** The coach's input as the card keeps it from one card to the next. */
export type CoachChoice = { kind: 'none' } | { kind: 'midi'; deviceId: string } | { kind: 'microphone' };

const coachChoiceOf = (input: CoachInput): CoachChoice =>
  input.kind === 'midi' ? { kind: 'midi', deviceId: input.device.id } : { kind: input.kind };

const coachStateText = (input: CoachInput): string =>
  input.kind === 'none'
    ? 'Coach: off'
    : input.kind === 'midi'
      ? `Coach: listening to ${input.device.name}`
      : 'Coach: listening to the microphone';

export interface PracticeRoomPanelProps {
  /** The lesson (its recorded takes are kept under it); without one nothing is recorded. */
  lessonId?: number;
  /** The lesson's notation; null while it loads (the metronome works without it). */
  notation: Notation | null;
  /** The card's one transport (its state is the card machine's). */
  transport: CardTransport;
  /** The engraved music: drawn inside the room, so the sticky transport stays with it. */
  music?: ReactNode;
  /** Passes of the pattern the practice time holds (the pass counter counts up to it). */
  passes?: number;
  startBpm: number | undefined;
  /** The tempo chosen on this lesson's card before (a card turn keeps it); else the lesson's. */
  chosenBpm?: number;
  onBpm?: (bpm: number) => void;
  /** The coach's input chosen on an earlier card, opened again on this one. */
  coachChoice?: CoachChoice;
  onCoachChoice?: (choice: CoachChoice) => void;
  /** The speed trainer's target from the lesson's tempo plan; without one, the trainer's default. */
  targetBpm?: number;
  /** Called as each grid step sounds (on the audio clock), and with null when playback stops. */
  onPosition: (position: PlaybackPosition | null) => void;
  /** The lesson's last scored take, from before the card turned: the coach shows its summary again. */
  lastTake?: TakeScore | null;
  /** The timing coach scored a take of the pattern (the card records it and suggests its rating). */
  onTakeScored?: (take: ScoredTake) => void;
  /** What this lesson's full takes suggest (`judgePlay`), for the take's summary; null before one. */
  playSuggestion?: PlaySuggestion | null;
}

/**
 * The lesson card's practice room: the music with a compact transport that stays on screen (play/stop,
 * tempo, click, count-in, where the run is, the coach's state), then the metronome's settings (accent,
 * subdivisions, volume, speed trainer, gap click) and the timing coach. Space starts and stops the card,
 * T taps the tempo.
 */
const PracticeRoomPanel = ({
  lessonId,
  notation,
  transport,
  music,
  passes,
  startBpm,
  chosenBpm,
  onBpm,
  coachChoice,
  onCoachChoice,
  targetBpm: plannedTarget,
  onPosition,
  lastTake = null,
  onTakeScored,
  playSuggestion = null,
}: PracticeRoomPanelProps) => {
  const [settings, setSettings] = useState<PracticeSettings>(readPracticeSettings);
  const [bpm, setBpm] = useState(() => chosenBpm ?? initialTempo(startBpm));
  const [bpmText, setBpmText] = useState(() => String(chosenBpm ?? initialTempo(startBpm)));
  const [trainerRange, setTrainerRange] = useState(() => {
    const { startBpm: start, targetBpm } = defaultSpeedTrainer(initialTempo(startBpm));
    return {
      startBpm: start,
      targetBpm: plannedTarget === undefined ? targetBpm : Math.max(start, plannedTarget),
    };
  });
  const taps = useRef<number[]>([]);
  // The notation follows the pattern only: the metronome alone plays no bar of the exercise.
  const playingPattern = useRef(false);
  // The timing coach listens to the e-kit or microphone and scores takes of the pattern on this card's
  // audio clock: it learns what was planned from the engine and hears the time of each sounding step.
  const audioContextRef = useRef<() => AudioContext | null>(() => null);
  const onTakeScoredRef = useRef(onTakeScored);
  onTakeScoredRef.current = onTakeScored;
  // Hear yourself: the microphone's takes recorded on the device, played back through this engine.
  const engineRef = useRef<ReturnType<typeof usePracticeEngine> | null>(null);
  const replaying = useRef(false);
  const [listenBack] = useState(
    () =>
      new ListenBack(
        {
          audioContext: () => audioContextRef.current(),
          replay: (take, onEnded) => {
            replaying.current = true;
            engineRef.current?.replay(take, () => {
              replaying.current = false;
              onEnded();
            });
          },
          stopReplay: () => engineRef.current?.stopReplay(),
          replayTime: () => engineRef.current?.replayTime() ?? null,
        },
        lessonId,
      ),
  );
  const [coach] = useState(
    () =>
      new TimingCoach(
        { audioContext: () => audioContextRef.current() },
        (take) => {
          listenBack.scored(take);
          onTakeScoredRef.current?.(take);
        },
        lastTake,
      ),
  );
  const heardAt = useRef<number | null>(null);
  const [calibrating, setCalibrating] = useState(false);
  // The last bar planned (ahead of the sound): a gap change takes over after the cycle it falls in.
  const plannedBar = useRef(0);
  const engine = usePracticeEngine(
    (position) => {
      onPosition(playingPattern.current || replaying.current ? position : null);
      heardAt.current = audioContextRef.current()?.currentTime ?? heardAt.current;
      if (heardAt.current !== null) coach.tick(heardAt.current);
    },
    (positions, sounds) => {
      const last = positions.at(-1);
      if (last && !last.position.countIn) plannedBar.current = last.position.barNumber;
      coach.planned(positions);
      listenBack.planned(positions, sounds);
    },
  );
  engineRef.current = engine;
  audioContextRef.current = engine.audioContext;
  playingPattern.current = engine.running === 'pattern';
  const { running } = engine;
  useEffect(() => coach.setNotation(notation), [coach, notation]);
  useEffect(() => void listenBack.load(), [listenBack]);
  // A card turn or a new lesson unmounts the room: the take so far is scored (and its recording kept),
  // the input released.
  useEffect(
    () => () => {
      if (heardAt.current !== null) {
        coach.takeEnded(heardAt.current);
        void listenBack.takeEnded(heardAt.current);
      }
      coach.dispose();
      listenBack.dispose();
    },
    [coach, listenBack],
  );

  const trainer = useMemo(
    () =>
      settings.trainer.enabled
        ? speedTrainer({
            ...trainerRange,
            stepBpm: settings.trainer.stepBpm,
            everyBars: settings.trainer.everyBars,
          })
        : null,
    [settings.trainer, trainerRange],
  );
  const gap = useMemo(() => (settings.gap.enabled ? gapClick(settings.gap) : null), [settings.gap]);
  // The run keeps the gap it started with; a change during it waits for the end of the cycle.
  const [runGap, setRunGap] = useState<{ gap: typeof gap; changes: GapChange[] }>({ gap, changes: [] });
  const programFor = (mode: PracticeMode, gapOfRun = runGap): PracticeProgram => ({
    notation,
    pattern: mode === 'pattern' ? (settings.patternMuted ? 'muted' : 'audible') : 'off',
    click: {
      // The metronome is its click, and a muted pattern needs it: "Click" off only silences the
      // click under the sounding pattern, never everything (the count-in sounds in any case).
      enabled: settings.click || mode === 'metronome' || settings.patternMuted,
      subdivision: settings.subdivision,
      accentFirstBeat: settings.accentFirstBeat,
    },
    countIn: settings.countIn,
    gap: gapOfRun.gap,
    gapChanges: gapOfRun.changes,
    trainer,
  });
  const program = programFor(running ?? transport.mode);
  useEffect(() => {
    if (running === null) {
      if (runGap.gap !== gap || runGap.changes.length > 0) setRunGap({ gap, changes: [] });
      return;
    }
    const last = runGap.changes.at(-1);
    const wanted = last ? last.gap : runGap.gap;
    if (wanted === gap) return;
    setRunGap({ gap: runGap.gap, changes: changeGap(runGap.gap, runGap.changes, plannedBar.current, gap) });
  }, [gap, running, runGap]);
  // Calibration: clicks on every beat at a steady tempo, nothing else.
  const calibration: PracticeProgram = {
    notation: null,
    pattern: 'off',
    click: { enabled: true, subdivision: 1, accentFirstBeat: false },
    countIn: false,
    gap: null,
    trainer: null,
  };

  useEffect(() => writePracticeSettings(settings), [settings]);
  useEffect(() => {
    onBpm?.(bpm);
  }, [bpm, onBpm]);

  // The coach's input carries from card to card: the one chosen before opens again, and each choice is
  // reported to the card.
  const coachState = useSyncExternalStore(coach.subscribe, coach.getSnapshot);
  const restoredCoach = useRef(false);
  useEffect(() => {
    if (restoredCoach.current) return;
    restoredCoach.current = true;
    if (coachChoice?.kind === 'midi') void coach.useMidi(coachChoice.deviceId);
    else if (coachChoice?.kind === 'microphone') void coach.useMicrophone();
  }, [coach, coachChoice]);
  const onCoachChoiceRef = useRef(onCoachChoice);
  onCoachChoiceRef.current = onCoachChoice;
  useEffect(() => {
    if (restoredCoach.current) onCoachChoiceRef.current?.(coachChoiceOf(coachState.input));
  }, [coachState.input]);

  // Live changes (tempo, sounds, subdivision, gap bars, trainer values) reach the engine at its next beat.
  useEffect(() =>
    calibrating
      ? engine.update(calibration, CALIBRATION_BPM, settings)
      : engine.update(program, bpm, settings),
  );

  // The pattern's runs are the coach's takes; calibration ends after its 16th click has been heard.
  const wasRunning = useRef(running);
  useEffect(() => {
    const before = wasRunning.current;
    wasRunning.current = running;
    if (before === running) return;
    if (before === 'pattern' && heardAt.current !== null) {
      coach.takeEnded(heardAt.current);
      void listenBack.takeEnded(heardAt.current);
    }
    if (running === 'pattern') {
      coach.takeStarted(engine.startTime() ?? 0);
      listenBack.takeStarted(
        coach.listening ? coach.microphoneStream : null,
        coach.getSnapshot().sensitivity,
      );
    }
    if (before !== null && running === null && calibrating) {
      coach.calibrationEnded();
      setCalibrating(false);
    }
  });
  useEffect(() => {
    if (calibrating && heardAt.current !== null && coach.calibrationDone(heardAt.current)) engine.stop();
  });
  const calibrate = () => {
    if (transport.playing) transport.stop();
    coach.calibrationStarted(CALIBRATION_BPM);
    setCalibrating(true);
    engine.start('metronome', calibration, CALIBRATION_BPM);
  };

  // Turning the count-in or the trainer on or off mid-run starts the run again (its bars count anew).
  const restartKey = `${settings.countIn}|${trainer !== null}`;
  const lastRestartKey = useRef(restartKey);
  useEffect(() => {
    if (lastRestartKey.current === restartKey) return;
    lastRestartKey.current = restartKey;
    if (running) engine.start(running, program, bpm);
  });

  const changeTempo = (next: number) => {
    const tempo = clampTempo(next);
    setBpm(tempo);
    setBpmText(String(tempo));
  };
  const tap = () => {
    taps.current = addTap(taps.current, performance.now());
    const tapped = tappedTempo(taps.current);
    if (tapped !== null) changeTempo(tapped);
  };
  // The sound starts here, in the drummer's click or key; the card's machine learns of it at once.
  const play = (mode: PracticeMode) => {
    // Playing ends a calibration under way: its clicks stop, what it heard so far is judged.
    if (calibrating) {
      coach.calibrationEnded();
      setCalibrating(false);
    }
    const fresh = { gap, changes: [] };
    setRunGap(fresh);
    plannedBar.current = 0;
    listenBack.runStarting();
    engine.start(mode, programFor(mode, fresh), bpm);
    transport.play(mode);
  };
  const stop = () => {
    engine.stop();
    transport.stop();
  };
  const toggle = (mode: PracticeMode) => (running === mode ? stop() : play(mode));
  // The card stopped it (the stopwatch's Pause, a hidden page): the sound stops with it.
  useEffect(() => {
    if (transport.playing === null && running !== null && !calibrating) engine.stop();
  });

  // A hidden page or an audio context the system suspended stops the transport, visibly.
  const transportRef = useRef(transport);
  transportRef.current = transport;
  const playing = transport.playing !== null;
  useEffect(() => {
    if (!playing) return;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') transportRef.current.interrupted('hidden');
    };
    document.addEventListener('visibilitychange', onVisibility);
    const context = engine.audioContext();
    let sounded = context?.state === 'running';
    const onState = () => {
      if (!context) return;
      if (context.state === 'running') sounded = true;
      else if (sounded && context.state !== 'closed') transportRef.current.interrupted('audio');
    };
    context?.addEventListener('statechange', onState);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      context?.removeEventListener('statechange', onState);
    };
  }, [playing, engine]);
  useWakeLock(playing);

  const trainerRuns = running !== null && trainer !== null;
  // The document's key handler is added once and reads the latest state through this ref.
  const keys = useRef({ toggle: () => {}, tap: () => {} });
  keys.current = {
    toggle: () => (running ? stop() : play(notation === null ? 'metronome' : transport.mode)),
    tap: () => {
      if (!trainerRuns) tap();
    },
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = practiceKeyAction(event);
      if (!action) return;
      event.preventDefault();
      if (event.repeat) return;
      if (action.type === 'toggle') keys.current.toggle();
      else keys.current.tap();
    };
    // A focused button or box acts on Space's release: that release is the card's too.
    const onKeyUp = (event: KeyboardEvent) => {
      if (practiceKeyAction(event)?.type === 'toggle') event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('keyup', onKeyUp);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keyup', onKeyUp);
    };
  }, []);

  // The transport's height, for the music box to leave room for it (the box fits the screen above it).
  const transportBar = useRef<HTMLDivElement>(null);
  const roomRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const bar = transportBar.current;
    const room = roomRef.current;
    if (!bar || !room || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      room.style.setProperty('--transport-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`),
    );
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  // Starting brings the music to the top of the screen, under the header: from there the music box
  // follows the line being played, and the transport stays below it.
  const musicRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (playing) musicRef.current?.scrollIntoView?.({ block: 'start' });
  }, [playing]);

  const shownBpm = trainerRuns && engine.position ? engine.position.bpm : bpm;
  const position = engine.position;
  const passText =
    running === 'pattern' && notation && position && !position.countIn
      ? `Pass ${passAt(notation, position.barNumber)}${passes ? ` of ${passes}` : ''}`
      : null;
  return (
    <section ref={roomRef} className="practice-room" aria-label="Practice room">
      {music === undefined ? null : (
        <div ref={musicRef} className="practice-room__music">
          {music}
        </div>
      )}
      <div ref={transportBar} className="practice-room__transport" role="group" aria-label="Transport">
        <div className="practice-room__row">
          <Button
            size="sm"
            onClick={() => toggle('pattern')}
            aria-pressed={running === 'pattern'}
            disabled={!engine.available || notation === null}
          >
            {running === 'pattern' ? 'Stop pattern' : 'Play pattern'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => toggle('metronome')}
            aria-pressed={running === 'metronome'}
            disabled={!engine.available}
          >
            {running === 'metronome' ? 'Pause metronome' : 'Start metronome'}
          </Button>
          <TempoControls
            text={trainerRuns ? String(shownBpm) : bpmText}
            bpm={shownBpm}
            disabled={trainerRuns}
            onText={setBpmText}
            onCommit={() => changeTempo(Number(bpmText))}
            onChange={changeTempo}
            onTap={tap}
          />
        </div>
        <div className="practice-room__row practice-room__transport-state">
          <Check checked={settings.click} onChange={(click) => setSettings({ ...settings, click })}>
            Click
          </Check>
          <Check checked={settings.countIn} onChange={(countIn) => setSettings({ ...settings, countIn })}>
            Count-in (one bar)
          </Check>
          <span className="practice-room__bar">
            <span>{barLabel(running ? position : null)}</span>
            {passText === null ? null : <span>{passText}</span>}
            <span className="practice-room__coach-state">{coachStateText(coachState.input)}</span>
          </span>
        </div>
        {transport.stoppedBy ? (
          <p className="practice-room__stopped" role="alert">
            {INTERRUPTION_MESSAGES[transport.stoppedBy]}
          </p>
        ) : null}
      </div>
      {engine.available ? null : (
        <p className="practice-muted">This browser cannot play audio (no Web Audio).</p>
      )}
      <TempoSlider bpm={shownBpm} disabled={trainerRuns} onChange={changeTempo} />
      <div className="practice-room__choices">
        <Check
          checked={settings.patternMuted}
          onChange={(patternMuted) => setSettings({ ...settings, patternMuted })}
        >
          Mute pattern
        </Check>
      </div>
      <PracticeStatus
        position={engine.position}
        beatsPerBar={beatsPerBarOf({ notation })}
        gap={runGap.gap}
        gapChanges={runGap.changes}
        trainer={trainer}
      />
      <PracticeOptions
        notation={notation}
        bpm={shownBpm}
        settings={settings}
        onSettings={setSettings}
        trainerRange={trainerRange}
        onTrainerRange={setTrainerRange}
      />
      {engine.available ? (
        <TimingCoachPanel
          coach={coach}
          notation={notation}
          now={() => heardAt.current}
          onCalibrate={calibrate}
          playSuggestion={playSuggestion}
        />
      ) : null}
      {engine.available ? (
        <ListenBackPanel
          listenBack={listenBack}
          microphoneOn={coachState.input.kind === 'microphone'}
          replayTime={engine.replayTime}
        />
      ) : null}
      <p className="practice-room__keys practice-muted">
        Keys: <kbd>Space</kbd> start/stop (not while typing), <kbd>T</kbd> tap, in the tempo field{' '}
        <kbd>↑</kbd>/<kbd>↓</kbd> ±1 (with <kbd>Shift</kbd> ±5)
      </p>
    </section>
  );
};

export default PracticeRoomPanel;
