import React from 'react';
import { Box, Text } from 'ink';

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
