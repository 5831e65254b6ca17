import { spawn } from 'node:child_process';

/**
 * Plain output for results: tables, key/value blocks, history lines, JSON. Written as whole lines
 * (no Ink: a 765-event history is one write, not 765 renders), through a pager when stdout is a
 * terminal and the text is taller than it. Ink stays for prompts and progress bars (render.tsx).
 */

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
}

/** One history line as `stickwork history` prints it. */
export interface HistoryLine {
  position?: number;
  time: string;
  type: string;
  summary: string;
}

/**
 * Control characters (and bidirectional overrides) stored in a name would move the cursor, clear
 * the screen or reorder the line on an operator's terminal: they are shown escaped, as `\x1b`.
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const printable = (text: string): string =>
  text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });

const styled = () => Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const bold = (text: string) => (styled() ? `\u001b[1m${text}\u001b[22m` : text);
const dim = (text: string) => (styled() ? `\u001b[2m${text}\u001b[22m` : text);

export const tableLines = <Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string[] => {
  const cells = rows.map((row) => columns.map((column) => printable(column.value(row))));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((line) => line[i]!.length)),
  );
  const line = (texts: string[]) =>
    texts
      .map((text, i) => text.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    bold(line(columns.map((column) => column.header))),
    ...cells.map(line),
    ...(rows.length === 0 ? [dim('(none)')] : []),
  ];
};

export const keyValueLines = (title: string | undefined, entries: readonly [string, string][]): string[] => {
  const width = Math.max(...entries.map(([key]) => key.length));
  return [
    ...(title === undefined ? [] : [bold(printable(title))]),
    ...entries.map(([key, value]) => `${dim(key.padEnd(width))} ${printable(value)}`),
  ];
};

/** Position, time, type (padded so summaries line up), summary. */
export const historyLines = (lines: readonly HistoryLine[]): string[] => {
  const typeWidth = Math.max(0, ...lines.map((line) => line.type.length));
  const positionWidth = Math.max(0, ...lines.map((line) => String(line.position ?? '').length));
  return lines.length === 0
    ? [dim('(no events)')]
    : lines.map((line) =>
        [
          line.position === undefined ? null : dim(`#${String(line.position).padStart(positionWidth)}`),
          line.time === '' ? null : dim(line.time),
          `${bold(line.type.padEnd(typeWidth))} ${printable(line.summary)}`,
        ]
          .filter((part) => part !== null)
          .join(' '),
      );
};

let pagerDisabled = false;
/** `--no-pager`, or tests: always write straight to stdout. */
export const disablePager = () => void (pagerDisabled = true);

/** The pager to use for this many lines, or null to write straight to stdout. */
const pagerFor = (lineCount: number): string | null => {
  if (pagerDisabled || !process.stdout.isTTY) return null;
  if (lineCount < (process.stdout.rows ?? 24)) return null;
  const pager = process.env.STICKWORK_PAGER ?? process.env.PAGER ?? 'less';
  return pager.trim() === '' || pager === 'cat' ? null : pager;
};

/** Writes lines; taller than the terminal, through `$PAGER` (default `less -FRX`). */
export const emitLines = async (lines: readonly string[]): Promise<void> => {
  const text = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  const pager = pagerFor(lines.length);
  if (pager === null) return void process.stdout.write(text);
  const shown = await new Promise<boolean>((resolve) => {
    const child = spawn(pager, {
      shell: true,
      stdio: ['pipe', 'inherit', 'inherit'],
      env: { ...process.env, LESS: process.env.LESS ?? 'FRX' },
    });
    child.once('error', () => resolve(false));
    child.stdin.once('error', () => undefined); // the operator quit the pager early
    child.once('exit', (code) => resolve(code !== 127));
    child.stdin.end(text);
  });
  if (!shown) process.stdout.write(text);
};

export const renderTable = <Row>(rows: readonly Row[], columns: readonly Column<Row>[]) =>
  emitLines(tableLines(rows, columns));

export const renderKeyValues = (title: string, entries: readonly [string, string][]) =>
  emitLines(keyValueLines(title, entries));

export const renderHistory = (lines: readonly HistoryLine[]) => emitLines(historyLines(lines));

/** Plain text (a notation grid, a mail body): written as it is, its control characters escaped. */
export const renderText = (text: string) =>
  emitLines(
    text
      .replace(/\r\n?/g, '\n')
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => printable(line.replace(/\t/g, '    '))),
  );

/** Errors go to stderr as one plain line, so scripts and people read them alike. */
export const renderError = (message: string) => {
  process.stderr.write(`stickwork: error: ${printable(message)}\n`);
};

export const printJson = (value: unknown) => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
};

/** One JSON object per line (JSON Lines), for `jq -c` and for records that keep coming (`--follow`). */
export const printJsonLines = (values: readonly unknown[]) => {
  if (values.length > 0) process.stdout.write(`${values.map((value) => JSON.stringify(value)).join('\n')}\n`);
};

export interface RecordsOutput {
  json: boolean;
  jsonl: boolean;
}

/**
 * A list as the operator asked for it: JSON, JSON Lines, or a table that ends with how many of
 * how many it shows ("5 of 221 streams") when a limit left some out.
 */
export const renderRecords = async <Row>(
  rows: readonly Row[],
  total: number,
  noun: string,
  output: RecordsOutput,
  columns: readonly Column<Row>[],
) => {
  if (output.jsonl) return printJsonLines(rows);
  if (output.json) return printJson(rows);
  await emitLines([
    ...tableLines(rows, columns),
    ...(rows.length < total ? [dim(`${rows.length} of ${total} ${noun}`)] : []),
  ]);
};
