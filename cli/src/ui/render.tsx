import React from 'react';
import { render } from 'ink';
import { ConfirmPrompt, ProgressBar } from './views.js';

/**
 * Where commands meet Ink, for what is interactive: the y/N prompt and live progress bars
 * (Shopify CLI's render-helper style). Results are plain lines (print.ts). Loaded only by the
 * commands that ask or show progress.
 */

export interface ProgressHandle {
  update(done: number): void;
  finish(): Promise<void>;
}

const silentProgress: ProgressHandle = { update: () => undefined, finish: async () => undefined };

/**
 * A live progress bar on stderr (stdout stays for results), redrawn at most every 100 ms, with
 * the rate and the time left. Only on a terminal: a piped or redirected stderr gets no redraw codes.
 */
export const startProgress = (
  label: string,
  total: number,
  unit: string,
  stream: NodeJS.WriteStream = process.stderr,
): ProgressHandle => {
  if (!stream.isTTY) return silentProgress;
  // A terminal that reports no size (some CI or serial consoles): Ink would wrap at every character.
  if (!stream.columns) stream.columns = 80;
  const started = performance.now();
  let done = 0;
  let drawn = 0;
  const element = () => {
    const seconds = (performance.now() - started) / 1000;
    const perSecond = seconds > 0 ? done / seconds : 0;
    return (
      <ProgressBar
        label={label}
        done={done}
        total={total}
        unit={unit}
        {...(seconds > 0 ? { perSecond } : {})}
        {...(perSecond > 0 && done < total ? { secondsLeft: (total - done) / perSecond } : {})}
      />
    );
  };
  const instance = render(element(), { stdout: stream, patchConsole: false, exitOnCtrlC: false });
  return {
    update(value) {
      done = value;
      if (performance.now() - drawn < 100) return;
      drawn = performance.now();
      instance.rerender(element());
    },
    async finish() {
      instance.rerender(element());
      instance.unmount();
      await instance.waitUntilExit();
    },
  };
};

/** Asks y/N on the terminal; resolves with the answer. */
export const confirm = (question: string): Promise<boolean> =>
  new Promise((resolve) => {
    const instance = render(
      <ConfirmPrompt
        question={question}
        onAnswer={(yes) => {
          setImmediate(() => {
            instance.unmount();
            resolve(yes);
          });
        }}
      />,
      { stdout: process.stdout, patchConsole: false, exitOnCtrlC: true },
    );
  });
