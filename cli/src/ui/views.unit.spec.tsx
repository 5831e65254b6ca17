import React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { ConfirmPrompt, HistoryLines, KeyValues, ProgressBar, Table } from './views.js';

describe('CLI views', () => {
  it('align a table under its headers', () => {
    const rows = [
      { id: 'c-1', name: 'Ringo' },
      { id: 'customer-22', name: 'Sheila E.' },
    ];
    const { lastFrame } = render(
      <Table
        rows={rows}
        columns={[
          { header: 'ID', value: (r) => r.id },
          { header: 'NAME', value: (r) => r.name },
        ]}
      />,
    );
    expect(lastFrame()).toBe(
      ['ID           NAME', 'c-1          Ringo', 'customer-22  Sheila E.'].join('\n'),
    );
  });

  it('say (none) for an empty table', () => {
    const { lastFrame } = render(<Table rows={[]} columns={[{ header: 'ID', value: () => '' }]} />);
    expect(lastFrame()).toContain('(none)');
  });

  it('align key/value pairs under a title', () => {
    const { lastFrame } = render(
      <KeyValues
        title="Event store"
        entries={[
          ['kind', 'sqlite'],
          ['last position', '42'],
        ]}
      />,
    );
    expect(lastFrame()).toBe(['Event store', 'kind          sqlite', 'last position 42'].join('\n'));
  });
});

describe('history lines', () => {
  it('line summaries up after the widest type', () => {
    const { lastFrame } = render(
      <HistoryLines
        lines={[
          {
            time: '2026-05-04 20:03:09',
            type: 'LessonEvaluated',
            summary: 'Paradiddle (hand_technique) rated easy',
          },
          {
            time: '2026-05-04 20:05:00',
            type: 'UsageReset',
            summary: '2026-05-04 reset to 0 (had 3 lessons)',
          },
        ]}
      />,
    );
    expect(lastFrame()).toBe(
      [
        '2026-05-04 20:03:09 LessonEvaluated Paradiddle (hand_technique) rated easy',
        '2026-05-04 20:05:00 UsageReset      2026-05-04 reset to 0 (had 3 lessons)',
      ].join('\n'),
    );
  });

  it('say so when there is nothing', () => {
    expect(render(<HistoryLines lines={[]} />).lastFrame()).toBe('(no events)');
  });
});

describe('progress bar', () => {
  it('fills in proportion and shows the counts and rate', () => {
    const { lastFrame } = render(
      <ProgressBar label="practice_usage" done={150} total={300} unit="events" perSecond={1234.4} />,
    );
    expect(lastFrame()).toBe(
      `practice_usage [${'#'.repeat(15)}${'.'.repeat(15)}] 150/300 events  1234 events/s`,
    );
  });

  it('is full when done, and never overflows', () => {
    expect(render(<ProgressBar label="x" done={12} total={10} unit="events" />).lastFrame()).toBe(
      `x [${'#'.repeat(30)}] 12/10 events`,
    );
  });
});

describe('confirmation prompt', () => {
  const ask = () => {
    const answers: boolean[] = [];
    const prompt = render(
      <ConfirmPrompt question="Erase ann@example.com?" onAnswer={(yes) => answers.push(yes)} />,
    );
    return { ...prompt, answers };
  };
  const typed = async (prompt: ReturnType<typeof ask>, keys: string) => {
    // Ink attaches its input listener after the first render.
    await new Promise((resolve) => setTimeout(resolve, 20));
    prompt.stdin.write(keys);
    await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('asks y/N and confirms on y', async () => {
    const prompt = ask();
    expect(prompt.lastFrame()).toBe('? Erase ann@example.com? (y/N)');
    await typed(prompt, 'y');
    expect(prompt.answers).toEqual([true]);
    expect(prompt.lastFrame()).toBe('? Erase ann@example.com? (y/N) yes');
  });

  it('declines on anything else, Enter included, and answers once', async () => {
    const prompt = ask();
    await typed(prompt, '\r');
    await typed(prompt, 'y');
    expect(prompt.answers).toEqual([false]);
    expect(prompt.lastFrame()).toBe('? Erase ann@example.com? (y/N) no');
  });
});
