import {
  addTap,
  beatsPerBarOf,
  clampTempo,
  defaultSpeedTrainer,
  gapClick,
  initialTempo,
  speedTrainer,
  tappedTempo,
  type Notation,
  type PlaybackPosition,
  type PracticeProgram,
} from '@stickwork/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button/button';
import { CALIBRATION_BPM } from '../timing-coach/calibration';
import { TimingCoach, type ScoredTake } from '../timing-coach/timing-coach';
import { TimingCoachPanel } from '../timing-coach/timing-coach-panel';
import { Check } from './check';
import { PracticeOptions } from './practice-options';
import { readPracticeSettings, writePracticeSettings, type PracticeSettings } from './practice-settings';
import { practiceKeyAction } from './practice-keys';
import { PracticeStatus } from './practice-status';
import { TempoControls } from './tempo-controls';
import { usePracticeEngine, type PracticeMode } from './use-practice-engine';
import './practice-room.css';

export interface PracticeRoomPanelProps {
  /** The lesson's notation; null while it loads (the metronome works without it). */
  notation: Notation | null;
  startBpm: number | undefined;
  /** The speed trainer's target from the lesson's tempo plan; without one, the trainer's default. */
  targetBpm?: number;
  /** Called as each grid step sounds (on the audio clock), and with null when playback stops. */
  onPosition: (position: PlaybackPosition | null) => void;
  /** The timing coach scored a take of the pattern (the card records it and suggests its rating). */
  onTakeScored?: (take: ScoredTake) => void;
}

/**
 * The lesson card's practice room: metronome (tempo, tap, accent, subdivisions, volume), pattern player
 * (the exercise looped on synthesised drums, with or without the click, or muted to play along),
 * count-in, speed trainer and gap click, with Space / arrows / T on the keyboard.
 */
const PracticeRoomPanel = ({
  notation,
  startBpm,
  targetBpm: plannedTarget,
  onPosition,
  onTakeScored,
}: PracticeRoomPanelProps) => {
  const [settings, setSettings] = useState<PracticeSettings>(readPracticeSettings);
  const [bpm, setBpm] = useState(() => initialTempo(startBpm));
  const [bpmText, setBpmText] = useState(() => String(initialTempo(startBpm)));
  const [trainerRange, setTrainerRange] = useState(() => {
    const { startBpm: start, targetBpm } = defaultSpeedTrainer(initialTempo(startBpm));
    return {
      startBpm: start,
      targetBpm: plannedTarget === undefined ? targetBpm : Math.max(start, plannedTarget),
    };
  });
  const [lastMode, setLastMode] = useState<PracticeMode>('metronome');
  const taps = useRef<number[]>([]);
  // The notation follows the pattern only: the metronome alone plays no bar of the exercise.
  const playingPattern = useRef(false);
  // The timing coach listens to the e-kit or microphone and scores takes of the pattern on this card's
  // audio clock: it learns what was planned from the engine and hears the time of each sounding step.
  const audioContextRef = useRef<() => AudioContext | null>(() => null);
  const onTakeScoredRef = useRef(onTakeScored);
  onTakeScoredRef.current = onTakeScored;
  const [coach] = useState(
    () =>
      new TimingCoach({ audioContext: () => audioContextRef.current() }, (take) =>
        onTakeScoredRef.current?.(take),
      ),
  );
  const heardAt = useRef<number | null>(null);
  const [calibrating, setCalibrating] = useState(false);
  const engine = usePracticeEngine(
    (position) => {
      onPosition(playingPattern.current ? position : null);
      heardAt.current = audioContextRef.current()?.currentTime ?? heardAt.current;
      if (heardAt.current !== null) coach.tick(heardAt.current);
    },
    (positions) => coach.planned(positions),
  );
  audioContextRef.current = engine.audioContext;
  playingPattern.current = engine.running === 'pattern';
  const { running } = engine;
  useEffect(() => coach.setNotation(notation), [coach, notation]);
  // A card turn or a new lesson unmounts the room: the take so far is scored, the input released.
  useEffect(
    () => () => {
      if (heardAt.current !== null) coach.takeEnded(heardAt.current);
      coach.dispose();
    },
    [coach],
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
  const programFor = (mode: PracticeMode): PracticeProgram => ({
    notation,
    pattern: mode === 'pattern' ? (settings.patternMuted ? 'muted' : 'audible') : 'off',
    click: {
      enabled: settings.click,
      subdivision: settings.subdivision,
      accentFirstBeat: settings.accentFirstBeat,
    },
    countIn: settings.countIn,
    gap,
    trainer,
  });
  const program = programFor(running ?? lastMode);
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
    if (before === 'pattern' && heardAt.current !== null) coach.takeEnded(heardAt.current);
    if (running === 'pattern') coach.takeStarted(engine.startTime() ?? 0);
    if (before !== null && running === null && calibrating) {
      coach.calibrationEnded();
      setCalibrating(false);
    }
  });
  useEffect(() => {
    if (calibrating && heardAt.current !== null && coach.calibrationDone(heardAt.current)) engine.stop();
  });
  const calibrate = () => {
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
  const toggle = (mode: PracticeMode) => {
    setLastMode(mode);
    if (running === mode) engine.stop();
    else engine.start(mode, programFor(mode), bpm);
  };

  const trainerRuns = running !== null && trainer !== null;
  // The document's key handler is added once and reads the latest state through this ref.
  const keys = useRef({ toggle: () => {}, changeTempo: (_by: number) => {}, tap: () => {} });
  keys.current = {
    toggle: () => (running ? engine.stop() : toggle(lastMode)),
    changeTempo: (by) => {
      if (!trainerRuns) changeTempo(bpm + by);
    },
    tap: () => {
      if (!trainerRuns) tap();
    },
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = practiceKeyAction(event);
      if (!action) return;
      event.preventDefault();
      if (action.type === 'toggle') keys.current.toggle();
      else if (action.type === 'tempo') keys.current.changeTempo(action.by);
      else keys.current.tap();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const shownBpm = trainerRuns && engine.position ? engine.position.bpm : bpm;
  return (
    <section className="practice-room" aria-label="Practice room">
      <TempoControls
        text={trainerRuns ? String(shownBpm) : bpmText}
        bpm={shownBpm}
        disabled={trainerRuns}
        onText={setBpmText}
        onCommit={() => changeTempo(Number(bpmText))}
        onChange={changeTempo}
        onTap={tap}
      />
      <div className="practice-room__row practice-room__transport">
        <Button
          variant="secondary"
          onClick={() => toggle('metronome')}
          aria-pressed={running === 'metronome'}
          disabled={!engine.available}
        >
          {running === 'metronome' ? 'Pause metronome' : 'Start metronome'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => toggle('pattern')}
          aria-pressed={running === 'pattern'}
          disabled={!engine.available || notation === null}
        >
          {running === 'pattern' ? 'Stop pattern' : 'Play pattern'}
        </Button>
        <Check
          checked={settings.patternMuted}
          onChange={(patternMuted) => setSettings({ ...settings, patternMuted })}
        >
          Mute pattern
        </Check>
        <Check checked={settings.click} onChange={(click) => setSettings({ ...settings, click })}>
          Click
        </Check>
      </div>
      {engine.available ? null : (
        <p className="practice-muted">This browser cannot play audio (no Web Audio).</p>
      )}
      <PracticeStatus
        position={engine.position}
        beatsPerBar={beatsPerBarOf({ notation })}
        gap={gap}
        trainer={trainer}
      />
      <PracticeOptions
        notation={notation}
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
        />
      ) : null}
      <p className="practice-room__keys practice-muted">
        Keys: <kbd>Space</kbd> start/stop, <kbd>↑</kbd>/<kbd>↓</kbd> tempo ±1 (with <kbd>Shift</kbd> ±5),{' '}
        <kbd>T</kbd> tap
      </p>
    </section>
  );
};

export default PracticeRoomPanel;
