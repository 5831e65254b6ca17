import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TakeScore } from '@stickwork/domain';
import { TakeSummary } from './take-summary';

const take: TakeScore = {
  expected: 32,
  hit: 32,
  missed: 0,
  extra: 0,
  meanOffsetMs: 35,
  spreadMs: 6,
  accuracy: 78,
  dynamics: null,
  hits: [],
};

afterEach(cleanup);

describe('the take summary of an uncalibrated take', () => {
  it('uniformly late: says to calibrate first, since the lag may be all the setup’s', () => {
    render(<TakeSummary score={take} calibrated={false} />);
    const summary = screen.getByRole('region', { name: 'Your take' });
    expect(summary.textContent).toContain(
      'Calibrate first: every hit came about 35 ms late, which may be all your setup’s delay, not your timing. This take is kept in your lesson history, but sets neither your next tempo, the suggested rating nor your weak spots until you calibrate.',
    );
    expect(summary.textContent).not.toContain('suggests rating');
  });

  it('early or uneven: says it is kept but teaches no plan, and suggests no rating', () => {
    render(<TakeSummary score={{ ...take, meanOffsetMs: -15 }} calibrated={false} />);
    const summary = screen.getByRole('region', { name: 'Your take' });
    expect(summary.textContent).toContain(
      'Not calibrated: this take is kept in your lesson history, but sets neither your next tempo, the suggested rating nor your weak spots, since your setup’s delay is in it. Calibrate, and your takes count.',
    );
    expect(summary.textContent).not.toContain('suggests rating');
    cleanup();
    render(<TakeSummary score={{ ...take, spreadMs: 25 }} calibrated={false} />);
    expect(screen.getByRole('region', { name: 'Your take' }).textContent).toContain('Not calibrated:');
  });

  it('suggests a rating once calibrated', () => {
    render(<TakeSummary score={take} calibrated />);
    expect(screen.getByRole('region', { name: 'Your take' }).textContent).toContain(
      'This take suggests rating the lesson challenging; you choose when you evaluate.',
    );
  });
});
