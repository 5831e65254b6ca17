import React, { type ReactElement } from 'react';
import { render } from 'ink';
import { KeyValues, Table, type Column } from './views.js';

/**
 * The only place commands meet Ink: they call these helpers with data (Shopify CLI's
 * renderTable / renderFatalError style) and never touch components themselves.
 */
const renderOnce = async (element: ReactElement, stream: NodeJS.WriteStream = process.stdout) => {
  const instance = render(element, { stdout: stream, patchConsole: false, exitOnCtrlC: false });
  instance.unmount();
  await instance.waitUntilExit();
};

export const renderTable = <Row,>(rows: readonly Row[], columns: readonly Column<Row>[]) =>
  renderOnce(<Table rows={rows} columns={columns} />);

export const renderKeyValues = (title: string, entries: readonly [string, string][]) =>
  renderOnce(<KeyValues title={title} entries={entries} />);

/** Errors go to stderr as one plain line, unwrapped, so scripts and people read them alike. */
export const renderError = (message: string) => {
  process.stderr.write(`stickwork: error: ${message}\n`);
};

export const printJson = (value: unknown) => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
};
