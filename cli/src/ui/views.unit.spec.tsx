import React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { ConfirmPrompt, formatDuration, ProgressBar } from './views.js';

describe('progress bar', () => {
  it('fills in proportion and shows the counts and rate', () => {
    const { lastFrame } = render(
      <ProgressBar label="practice_usage" done={150} total={300} unit="events" perSecond={1234.4} />,
    );
    expect(lastFrame()).toBe(
      `practice_usage [${'#'.repeat(15)}${'.'.repeat(15)}] 150/300 events  1234 events/s`,
    );
  });

  it('shows the time left', () => {
    expect(
      render(
        <ProgressBar label="seeding" done={10} total={100} unit="days" secondsLeft={75.2} />,
      ).lastFrame(),
    ).toBe(`seeding [${'#'.repeat(3)}${'.'.repeat(27)}] 10/100 days  1:16 left`);
    expect(formatDuration(3725)).toBe('1:02:05');
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
