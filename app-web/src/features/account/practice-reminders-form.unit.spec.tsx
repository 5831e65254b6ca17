import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { PracticeRemindersForm, type ReminderSettingsView } from './practice-reminders-form';

afterEach(cleanup);

const off: ReminderSettingsView = { enabled: false, days: [1, 3, 5], hour: 18, timeZone: 'Europe/Berlin' };

describe('practice reminders in account settings', () => {
  it('are off until turned on; then the days and the hour (in the pinned zone) are saved', async () => {
    const save = vi.fn(async (settings: Omit<ReminderSettingsView, 'timeZone'>) => ({
      ...settings,
      timeZone: 'Europe/Berlin',
    }));
    render(<PracticeRemindersForm load={async () => off} save={save} />);
    const toggle = await screen.findByRole('checkbox', { name: 'Send me practice reminders by mail' });
    expect(toggle).toHaveProperty('checked', false);
    expect(screen.queryByRole('group', { name: 'Days' })).toBeNull();

    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Wednesday' })); // off
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sunday' })); // on
    fireEvent.change(screen.getByLabelText('Time (Europe/Berlin)'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your practice reminders are on.');
    expect(save).toHaveBeenCalledWith({ enabled: true, days: [1, 5, 7], hour: 7 });
  });

  it('asks for a day before saving reminders without one, and shows a refusal', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(400, 'hour: must be less than or equal to 23', null);
    });
    render(<PracticeRemindersForm load={async () => ({ ...off, enabled: true, days: [2] })} save={save} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Tuesday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose at least one day for your reminders.',
    );
    expect(save).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Friday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('hour: must be less than or equal to 23');
  });
});
