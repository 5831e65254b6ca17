/**
 * Not part of the app: the page tests/bench/metronome.bench.ts bundles and loads (it lives here so it
 * is type-checked with the engine it drives). It holds the practice room's real
 * engine, and for comparison the metronome the lesson card had before the look-ahead scheduler (a click started
 * "now" each time a setInterval fires), both at 120 bpm sixteenths.
 */
import type { PracticeProgram } from '@stickwork/domain';
import { PracticeEngine } from './audio-engine';

const SIXTEENTHS_AT_120: PracticeProgram = {
  notation: null,
  pattern: 'off',
  click: { enabled: true, subdivision: 4, accentFirstBeat: true },
  countIn: false,
  gap: null,
  trainer: null,
};

/** The former metronome: app-web's metronome.tsx, its click and its setInterval, at a sixteenth's interval. */
const startSetIntervalMetronome = (): (() => void) => {
  const context = new AudioContext();
  void context.resume();
  const click = () => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 1000;
    gain.gain.setValueAtTime(0.6, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.05);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.06);
  };
  click();
  const timer = setInterval(click, 60_000 / 120 / 4);
  return () => {
    clearInterval(timer);
    void context.close();
  };
};

const startLookAheadEngine = (): (() => void) => {
  const engine = new PracticeEngine({ onPosition: () => {} });
  engine.start(SIXTEENTHS_AT_120, 120);
  return () => engine.dispose();
};

/** Blocks the main thread for `busyMs` every `everyMs`. */
const blockMainThread = (busyMs: number, everyMs: number): (() => void) => {
  const timer = setInterval(() => {
    const end = performance.now() + busyMs;
    while (performance.now() < end) {
      // busy: the page is doing something heavy
    }
  }, everyMs);
  return () => clearInterval(timer);
};

declare global {
  interface Window {
    benchStart: (kind: 'setInterval' | 'lookAhead') => void;
    benchStop: () => void;
  }
}

let stops: (() => void)[] = [];
window.benchStart = (kind) => {
  stops = [
    kind === 'setInterval' ? startSetIntervalMetronome() : startLookAheadEngine(),
    blockMainThread(150, 500),
  ];
};
window.benchStop = () => {
  for (const stop of stops) stop();
  stops = [];
};
