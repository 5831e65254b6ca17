import { describe, expect, it } from 'vitest';
import { historyLines, keyValueLines, printable, tableLines } from './print.js';

// Tests run without a terminal: no styling codes in the lines.
describe('plain output', () => {
  it('aligns a table under its headers', () => {
    const rows = [
      { id: 'c-1', name: 'Ringo' },
      { id: 'customer-22', name: 'Sheila E.' },
    ];
    expect(
      tableLines(rows, [
        { header: 'ID', value: (r) => r.id },
        { header: 'NAME', value: (r) => r.name },
      ]),
    ).toEqual(['ID           NAME', 'c-1          Ringo', 'customer-22  Sheila E.']);
  });

  it('says (none) for an empty table', () => {
    expect(tableLines([], [{ header: 'ID', value: () => '' }])).toEqual(['ID', '(none)']);
  });

  it('aligns key/value pairs under a title', () => {
    expect(
      keyValueLines('Event store', [
        ['kind', 'sqlite'],
        ['last position', '42'],
      ]),
    ).toEqual(['Event store', 'kind          sqlite', 'last position 42']);
  });

  it('lines history summaries up after the position and the widest type', () => {
    expect(
      historyLines([
        { position: 7, time: '2026-05-04 20:03:09', type: 'LessonEvaluated', summary: 'rated easy' },
        { position: 12, time: '2026-05-04 20:05:00', type: 'UsageReset', summary: 'reset to 0' },
      ]),
    ).toEqual([
      '# 7 2026-05-04 20:03:09 LessonEvaluated rated easy',
      '#12 2026-05-04 20:05:00 UsageReset      reset to 0',
    ]);
    expect(historyLines([])).toEqual(['(no events)']);
  });

  it('escapes control characters stored in names, so they cannot drive the terminal', () => {
    const name = 'Ann\u001b[2J\u001b]0;pwned\u0007 Lee\r\u202e';
    expect(printable(name)).toBe('Ann\\x1b[2J\\x1b]0;pwned\\x07 Lee\\x0d\\u202e');
    const [, row] = tableLines([{ name }], [{ header: 'NAME', value: (r) => r.name }]);
    // eslint-disable-next-line no-control-regex
    expect(row).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(historyLines([{ time: '', type: 'CustomerRegistered', summary: name }])[0]).toContain('\\x1b[2J');
  });
});
