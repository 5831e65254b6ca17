import React, { type ReactElement } from 'react';
import { render } from 'ink';
import {
  ConfirmPrompt,
  HistoryLines,
  KeyValues,
  ProgressBar,
  Table,
  type Column,
  type HistoryLine,
} from './views.js';

/**
 * The only place commands meet Ink: they call these helpers with data (Shopify CLI's
 * renderTable / renderFatalError style) and never touch components themselves.
 */
/** Ink wraps at the terminal's width; piped into a file or a pager, lines stay whole. */
const unwrapped = (stream: NodeJS.WriteStream) => {
  if (!stream.isTTY && !stream.columns) stream.columns = 10_000;
  return stream;
};

const renderOnce = async (element: ReactElement, stream: NodeJS.WriteStream = process.stdout) => {
  unwrapped(stream);
  const instance = render(element, { stdout: stream, patchConsole: false, exitOnCtrlC: false });
  instance.unmount();
  await instance.waitUntilExit();
};

export const renderTable = <Row,>(rows: readonly Row[], columns: readonly Column<Row>[]) =>
  renderOnce(<Table rows={rows} columns={columns} />);

export const renderKeyValues = (title: string, entries: readonly [string, string][]) =>
  renderOnce(<KeyValues title={title} entries={entries} />);

export const renderHistory = (lines: readonly HistoryLine[]) => renderOnce(<HistoryLines lines={lines} />);

/** Plain lines (a notation grid, a mail body): written as they are. */
export const renderText = (text: string) => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};

export interface ProgressHandle {
  update(done: number): void;
  finish(): Promise<void>;
}

/** A live progress bar on stderr (stdout stays for results), redrawn at most every 100 ms. */
export const startProgress = (label: string, total: number, unit: string): ProgressHandle => {
  const started = performance.now();
  let done = 0;
  let drawn = 0;
  const element = () => {
    const seconds = (performance.now() - started) / 1000;
    return (
      <ProgressBar
        label={label}
        done={done}
        total={total}
        unit={unit}
        {...(seconds > 0 ? { perSecond: done / seconds } : {})}
      />
    );
  };
  const instance = render(element(), {
    stdout: unwrapped(process.stderr),
    patchConsole: false,
    exitOnCtrlC: false,
  });
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

/** Errors go to stderr as one plain line, unwrapped, so scripts and people read them alike. */
export const renderError = (message: string) => {
  process.stderr.write(`stickwork: error: ${message}\n`);
};

export const printJson = (value: unknown) => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
};
