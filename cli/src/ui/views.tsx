import React, { useState } from 'react';
import { Box, Text, useInput } from 'ink';

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
}

/** A plain table: a bold header and columns padded to their widest cell. */
export function Table<Row>({ rows, columns }: { rows: readonly Row[]; columns: readonly Column<Row>[] }) {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((line) => line[i]!.length)),
  );
  const pad = (text: string, i: number) => text.padEnd(widths[i]!);
  return (
    <Box flexDirection="column">
      <Text bold>{columns.map((column, i) => pad(column.header, i)).join('  ')}</Text>
      {cells.map((line, r) => (
        <Text key={r}>{line.map(pad).join('  ')}</Text>
      ))}
      {rows.length === 0 && <Text dimColor>(none)</Text>}
    </Box>
  );
}

/** Label/value pairs, labels aligned. */
export function KeyValues({ title, entries }: { title?: string; entries: readonly [string, string][] }) {
  const width = Math.max(...entries.map(([key]) => key.length));
  return (
    <Box flexDirection="column">
      {title && <Text bold>{title}</Text>}
      {entries.map(([key, value]) => (
        <Text key={key}>
          <Text dimColor>{key.padEnd(width)}</Text> {value}
        </Text>
      ))}
    </Box>
  );
}

/** One history line as `stickwork history` prints it. */
export interface HistoryLine {
  time: string;
  type: string;
  summary: string;
}

/** Events one per line: time, type (padded so summaries line up), summary. */
export function HistoryLines({ lines }: { lines: readonly HistoryLine[] }) {
  const width = Math.max(0, ...lines.map((line) => line.type.length));
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <Text key={i}>
          {line.time !== '' && <Text dimColor>{`${line.time} `}</Text>}
          <Text bold>{line.type.padEnd(width)}</Text> {line.summary}
        </Text>
      ))}
      {lines.length === 0 && <Text dimColor>(no events)</Text>}
    </Box>
  );
}

const BAR_WIDTH = 30;

/** A progress bar with its counts and rate: `label [#####.....] 120/300 events  850 events/s`. */
export function ProgressBar({
  label,
  done,
  total,
  unit,
  perSecond,
}: {
  label: string;
  done: number;
  total: number;
  unit: string;
  perSecond?: number;
}) {
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  return (
    <Text>
      {label} [<Text color="green">{'#'.repeat(filled)}</Text>
      {'.'.repeat(BAR_WIDTH - filled)}] {done}/{total} {unit}
      {perSecond !== undefined && `  ${Math.round(perSecond)} ${unit}/s`}
    </Text>
  );
}

/** A y/N question: y or Y confirms, anything else (Enter included) declines. */
export function ConfirmPrompt({
  question,
  onAnswer,
}: {
  question: string;
  onAnswer: (yes: boolean) => void;
}) {
  const [answer, setAnswer] = useState<boolean | null>(null);
  useInput((input) => {
    if (answer !== null) return;
    const yes = input.toLowerCase() === 'y';
    setAnswer(yes);
    onAnswer(yes);
  });
  return (
    <Text>
      <Text color="yellow">?</Text> {question} <Text dimColor>(y/N)</Text>
      {answer !== null && ` ${answer ? 'yes' : 'no'}`}
    </Text>
  );
}
