/**
 * RFC 4180 CSV: a header row, then one row per record; a field with a comma, quote or line break is
 * quoted, its quotes doubled. Lines end in CRLF, as spreadsheet programs expect. (Small enough not
 * to need a library: the export writes a few flat tables.)
 */
export const toCsv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';

const csvField = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
