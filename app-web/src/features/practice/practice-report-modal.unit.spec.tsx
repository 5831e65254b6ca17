import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LessonProgressResponse } from './practice-api';
import { PracticeReportModal } from './practice-report-modal';
import type { PracticeReport, PracticeState } from './practice-slice';

afterEach(cleanup);

const report: PracticeReport = {
  lessonsPractised: 2,
  warmUpsDone: 1,
  secondsPractised: 900,
  practisedSkills: ['timing'],
};

/** What the overview read before the session: the timing progress still at 0. */
const before: LessonProgressResponse = {
  progress: [{ skillName: 'timing', skillLevel: 'starter', levelProgress: 0, selected: true }],
  stats: { hours: 0, minutes: 0, lessons: 0, longestStreak: 0, currentStreak: 0 },
};

const renderReport = (progressStatus: PracticeState['progressStatus']) =>
  render(
    <MemoryRouter>
      <PracticeReportModal
        report={report}
        progress={before}
        progressStatus={progressStatus}
        onClose={vi.fn()}
      />
    </MemoryRouter>,
  );

describe('the practice report’s progress', () => {
  it('shows no figure read before the session while the refresh is under way', () => {
    renderReport('refreshing');
    expect(screen.getByRole('heading', { name: 'Your progress' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Reading your progress…');
    expect(screen.queryByLabelText('Timing progress')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your next step' })).toBeNull();
  });

  it('shows the figures and the next step once they include the session', () => {
    renderReport('current');
    expect(screen.getByLabelText('Timing progress').getAttribute('value')).toBe('0');
    expect(screen.getByRole('heading', { name: 'Your next step' })).toBeTruthy();
    expect(screen.queryByText('Reading your progress…')).toBeNull();
  });

  it('says where to look when the refresh failed, instead of old figures', () => {
    renderReport('unavailable');
    expect(screen.getByRole('status').textContent).toBe(
      'Your progress could not be read just now: Stats shows it.',
    );
    expect(screen.getByRole('link', { name: 'Stats' }).getAttribute('href')).toBe('/stats-and-progress');
    expect(screen.queryByLabelText('Timing progress')).toBeNull();
  });
});
