import type { DayKey, HeatmapDay } from '@stickwork/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityCalendar } from './activity-calendar';

afterEach(cleanup);

const days: HeatmapDay[] = Array.from({ length: 21 }, (_, index) => {
  const date = new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10) as DayKey;
  return index === 20
    ? { date, count: 2, minutes: 70, intensity: 2 }
    : { date, count: 0, minutes: 0, intensity: 0 };
});

const dayButton = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;

describe('the activity calendar', () => {
  it('one Tab stop, on today; arrows move by a week and by a day', () => {
    render(<ActivityCalendar days={days} />);
    const tabStops = screen.getAllByRole('button').filter((button) => button.tabIndex === 0);
    expect(tabStops.map((button) => button.dataset.date)).toEqual(['2026-11-21']);

    dayButton('2026-11-21').focus();
    fireEvent.keyDown(dayButton('2026-11-21'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(dayButton('2026-11-14'));
    fireEvent.keyDown(dayButton('2026-11-14'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(dayButton('2026-11-13'));
    expect(dayButton('2026-11-13').tabIndex).toBe(0);
    expect(dayButton('2026-11-21').tabIndex).toBe(-1);
  });

  it('a click toggles the day’s details', () => {
    render(<ActivityCalendar days={days} />);
    const today = dayButton('2026-11-21');
    expect(today.title).toMatch(/^2 lessons practised /);
    fireEvent.click(today);
    const details = screen.getByRole('region', { name: 'Day details' });
    expect(details.textContent).toContain('2 lessons practiced');
    expect(details.textContent).toContain('70 min in total practiced');
    fireEvent.click(today);
    expect(screen.queryByRole('region', { name: 'Day details' })).toBeNull();
  });

  it('marks the days a streak freeze saved, in the tooltip, the details and the legend', () => {
    const { container } = render(<ActivityCalendar days={days} frozenDays={['2026-11-19', '2026-11-20']} />);
    expect(dayButton('2026-11-19').className).toContain('activity-calendar__day--frozen');
    expect(dayButton('2026-11-18').className).not.toContain('activity-calendar__day--frozen');
    expect(dayButton('2026-11-20').title).toMatch(/^0 lessons practised .*, streak freeze used$/);
    fireEvent.click(dayButton('2026-11-20'));
    expect(screen.getByRole('region', { name: 'Day details' }).textContent).toContain(
      'A streak freeze kept your streak going.',
    );
    expect(container.querySelector('.activity-calendar__legend')!.textContent).toContain('Frozen');
    cleanup();
    const { container: plain } = render(<ActivityCalendar days={days} />);
    expect(plain.querySelector('.activity-calendar__legend')!.textContent).not.toContain('Frozen');
  });
});
