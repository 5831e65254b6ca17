import { METRONOME_BPM } from '@stickwork/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/button/button';
import { clampBpm, clickIntervalMs, initialBpm } from './metronome-tempo';

type AudioContextConstructor = typeof AudioContext;

const audioContextClass = (): AudioContextConstructor | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window.AudioContext ??
      (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext);

/** One short click: a 1 kHz blip that fades out within 50 ms. */
const click = (context: AudioContext) => {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = 1000;
  gain.gain.setValueAtTime(0.6, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.05);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + 0.06);
};

/**
 * A click track with the Web Audio API. The card remounts it (key) on every turn, which stops it and
 * puts the tempo back to the lesson's start bpm (product-spec §4).
 */
export const Metronome = ({ startBpm }: { startBpm: number | undefined }) => {
  const [bpmText, setBpmText] = useState(String(initialBpm(startBpm)));
  const [running, setRunning] = useState(false);
  const contextRef = useRef<AudioContext | null>(null);
  const inputId = useId();
  const bpm = clampBpm(Number(bpmText));
  const AudioContextClass = audioContextClass();

  useEffect(() => {
    if (!running || !AudioContextClass) return;
    const context = (contextRef.current ??= new AudioContextClass());
    void context.resume();
    click(context);
    const timer = window.setInterval(() => click(context), clickIntervalMs(bpm));
    return () => window.clearInterval(timer);
  }, [running, bpm, AudioContextClass]);

  useEffect(
    () => () => {
      void contextRef.current?.close();
    },
    [],
  );

  return (
    <div className="metronome">
      <label className="field__label" htmlFor={inputId}>
        Metronome (BPM)
      </label>
      <div className="metronome__row">
        <input
          id={inputId}
          className="field__input metronome__bpm"
          type="number"
          inputMode="numeric"
          min={METRONOME_BPM.min}
          max={METRONOME_BPM.max}
          value={bpmText}
          onChange={(event) => setBpmText(event.target.value)}
          onBlur={() => setBpmText(String(bpm))}
        />
        <Button
          variant="secondary"
          onClick={() => setRunning((on) => !on)}
          aria-pressed={running}
          disabled={!AudioContextClass}
        >
          {running ? 'Pause metronome' : 'Start metronome'}
        </Button>
      </div>
    </div>
  );
};
