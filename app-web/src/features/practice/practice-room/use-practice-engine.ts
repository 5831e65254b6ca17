import type { PracticePosition, PracticeProgram, TimedPosition, TimedSound } from '@stickwork/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadAcousticKit } from './acoustic-kit';
import { audioContextClass, PracticeEngine, type Replay } from './audio-engine';
import type { PracticeSettings } from './practice-settings';

export type PracticeMode = 'metronome' | 'pattern';

/**
 * The card's audio engine: made when the card opens (so its Worker is loaded while online), disposed
 * when it unmounts: a new lesson or a card turn remounts the room, so nothing plays on.
 */
export const usePracticeEngine = (
  onPosition: (position: PracticePosition | null) => void,
  /** What was planned, ahead of time on the audio clock (for the timing coach and listen-back). */
  onPlanned?: (positions: readonly TimedPosition[], sounds: readonly TimedSound[]) => void,
) => {
  const engineRef = useRef<PracticeEngine | null>(null);
  const onPositionRef = useRef(onPosition);
  onPositionRef.current = onPosition;
  const onPlannedRef = useRef(onPlanned);
  onPlannedRef.current = onPlanned;
  const [running, setRunning] = useState<PracticeMode | null>(null);
  const [position, setPosition] = useState<PracticePosition | null>(null);

  useEffect(() => {
    const engine = new PracticeEngine({
      onPosition: (next) => {
        setPosition(next);
        onPositionRef.current(next);
      },
      onPlanned: (positions, sounds) => onPlannedRef.current?.(positions, sounds),
      loadSamples: loadAcousticKit,
    });
    engineRef.current = engine;
    return () => {
      engine.dispose();
      engineRef.current = null;
    };
  }, []);

  const start = useCallback((mode: PracticeMode, program: PracticeProgram, bpm: number) => {
    engineRef.current?.start(program, bpm);
    setRunning(mode);
  }, []);
  const stop = useCallback(() => {
    engineRef.current?.stop();
    setRunning(null);
    setPosition(null);
  }, []);
  const update = useCallback(
    (program: PracticeProgram, bpm: number, sound: Pick<PracticeSettings, 'volume' | 'sound'>) => {
      engineRef.current?.update(program, bpm);
      engineRef.current?.setSound(sound.volume, sound.sound);
    },
    [],
  );

  /** The card's AudioContext (made on first call, from a click or key) and the running program's start. */
  const audioContext = useCallback(() => engineRef.current?.audioContext() ?? null, []);
  const startTime = useCallback(() => engineRef.current?.startTime ?? null, []);
  /** A recorded take played back through the room (the notation follows it as it follows a run). */
  const replay = useCallback((take: Replay, onEnded: () => void) => {
    engineRef.current?.replay(take, onEnded);
    setRunning(null);
  }, []);
  const stopReplay = useCallback(() => engineRef.current?.stopReplay(), []);
  const replayTime = useCallback(() => engineRef.current?.replayTime ?? null, []);

  return {
    available: audioContextClass() !== undefined,
    running,
    position,
    start,
    stop,
    update,
    audioContext,
    startTime,
    replay,
    stopReplay,
    replayTime,
  };
};
