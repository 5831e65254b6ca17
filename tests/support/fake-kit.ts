import type { Page } from '@playwright/test';
import type { Voice } from '@stickwork/domain';
import type { RecordingWindow } from './audio-recorder.js';

/**
 * A fake e-kit: one MIDI input, "E2E Kit". `__kit.strikeAt(time, note)` delivers a note-on whose
 * timeStamp is the performance time at which `time` on the page's audio clock is heard, computed in the
 * same task that delivers it (the app maps it back with the context's output timestamp).
 */
export const FAKE_KIT = `
  window.__kit = { listeners: new Set(), strikes: 0 };
  const input = {
    id: 'e2e-kit', name: 'E2E Kit', state: 'connected',
    addEventListener: (type, listener) => window.__kit.listeners.add(listener),
    removeEventListener: (type, listener) => window.__kit.listeners.delete(listener),
  };
  const access = { inputs: new Map([[input.id, input]]), addEventListener() {}, removeEventListener() {} };
  Object.defineProperty(Navigator.prototype, 'requestMIDIAccess', {
    configurable: true,
    value: () => Promise.resolve(access),
  });
  const performanceTimeOf = (context, time) => {
    const stamp = context.getOutputTimestamp();
    if (stamp.contextTime && stamp.performanceTime) return stamp.performanceTime + (time - stamp.contextTime) * 1000;
    const heardNow = context.currentTime - (context.outputLatency || context.baseLatency || 0);
    return performance.now() + (time - heardNow) * 1000;
  };
  window.__kit.strikeAt = (time, note) => {
    const context = window.__contexts.at(-1);
    const delay = Math.max(0, performanceTimeOf(context, time) - performance.now());
    setTimeout(() => {
      const timeStamp = performanceTimeOf(context, time);
      for (const listener of window.__kit.listeners)
        listener({ data: new Uint8Array([0x99, note, 90]), timeStamp });
      window.__kit.strikes++;
    }, delay);
  };
`;

export type KitWindow = RecordingWindow & {
  __kit: { strikeAt: (time: number, note: number) => void; strikes: number };
};

/** The General MIDI note an e-kit sends for each voice (a pad lesson is played on the snare pad). */
export const GM_NOTE: Record<Voice, number> = {
  bass_drum: 36,
  snare: 38,
  pad: 38,
  rim_click: 37,
  hi_hat: 42,
  hi_hat_foot: 44,
  hi_hat_open: 46,
  high_tom: 48,
  mid_tom: 45,
  floor_tom: 43,
  crash: 49,
  china: 52,
  ride: 51,
  ride_bell: 53,
  cowbell: 56,
};

export const startsSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as KitWindow).__starts.length);

/** Waits until the page's audio clock reaches `time`. */
export const audioClockReaches = (page: Page, time: number) =>
  page.waitForFunction(
    (until) => ((window as unknown as KitWindow).__contexts.at(-1)?.currentTime ?? 0) >= until,
    time,
    {
      timeout: 60_000,
    },
  );

/**
 * Waits until the kit has delivered `count` strikes since the page opened: a loaded machine runs
 * their timers late, after the audio clock has passed their time.
 */
export const kitHasStruck = (page: Page, count: number) =>
  page.waitForFunction((until) => (window as unknown as KitWindow).__kit.strikes >= until, count, {
    timeout: 60_000,
  });
