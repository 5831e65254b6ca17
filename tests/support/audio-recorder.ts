import type { Page } from '@playwright/test';

/**
 * An init script that records what a page plays with Web Audio: every AudioContext it makes
 * (`window.__contexts`, to read the audio clock) and every source's `start(when)` (`window.__starts`)
 * with the audio clock at the call and the node's kind. A `start()` without `when` records 0: it
 * plays at `now`.
 */
export interface RecordedStart {
  when: number;
  /** The context's currentTime when start was called. */
  now: number;
  /** The node's constructor: OscillatorNode, AudioBufferSourceNode, … */
  kind: string;
}

export type RecordingWindow = Window & { __starts: RecordedStart[]; __contexts: AudioContext[] };

export const RECORD_AUDIO = `
  window.__starts = [];
  window.__contexts = [];
  const NativeAudioContext = window.AudioContext;
  window.AudioContext = class extends NativeAudioContext {
    constructor(...args) {
      super(...args);
      window.__contexts.push(this);
    }
  };
  // AudioBufferSourceNode declares its own start (it takes an offset), so it is patched too.
  for (const Node of [AudioScheduledSourceNode, AudioBufferSourceNode]) {
    const start = Node.prototype.start;
    Node.prototype.start = function (when, ...rest) {
      if (Node === AudioScheduledSourceNode || this instanceof AudioBufferSourceNode) {
        window.__starts.push({ when: when ?? 0, now: this.context.currentTime, kind: this.constructor.name });
      }
      return start.call(this, when, ...rest);
    };
  }
`;

/** Every source start the page recorded so far. */
export const recordedStarts = (page: Page) =>
  page.evaluate(() => (window as unknown as RecordingWindow).__starts);

export const recordedStartCount = async (page: Page) => (await recordedStarts(page)).length;

/** Waits `ms` of the page's own clock: the only way to show that nothing more is started. */
export const pageTimePasses = async (page: Page, ms: number) => {
  const from = await page.evaluate(() => performance.now());
  await page.waitForFunction((until) => performance.now() >= until, from + ms);
};
