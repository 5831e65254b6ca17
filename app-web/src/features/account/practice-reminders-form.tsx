import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../components/button/button';
import { CheckboxField } from '../../components/form/checkbox-field';
import { FormMessage } from '../../components/form/form-message';
import { SelectField } from '../../components/form/select-field';
import { apiRequest, ApiError } from '../../lib/api-client';
import './practice-reminders.css';

/** GET/PUT /api/reminders. */
export interface ReminderSettingsView {
  enabled: boolean;
  /** ISO weekdays, 1 Monday ... 7 Sunday. */
  days: number[];
  hour: number;
  timeZone: string;
}

export interface PracticeRemindersFormProps {
  load?: () => Promise<ReminderSettingsView>;
  save?: (settings: Omit<ReminderSettingsView, 'timeZone'>) => Promise<ReminderSettingsView>;
}

const loadReminders = () => apiRequest<ReminderSettingsView>('/api/reminders');
const saveReminders = (settings: Omit<ReminderSettingsView, 'timeZone'>) =>
  apiRequest<ReminderSettingsView>('/api/reminders', { method: 'PUT', body: settings });

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/**
 * Account settings → practice reminders by mail: off until the drummer turns them on;
 * the weekdays and the hour, in the time zone pinned with the account. Every mail has a one-click
 * unsubscribe link.
 */
export const PracticeRemindersForm = ({
  load = loadReminders,
  save = saveReminders,
}: PracticeRemindersFormProps) => {
  const [settings, setSettings] = useState<ReminderSettingsView | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    load().then(
      (loaded) => current && setSettings(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [load]);

  if (!settings)
    return (
      <section className="stack" aria-labelledby="reminders-title">
        <h3 id="reminders-title">Practice reminders</h3>
        {failed ? (
          <FormMessage tone="error">
            Your reminder settings could not be loaded. Please try again later.
          </FormMessage>
        ) : (
          <p role="status">Loading your reminder settings…</p>
        )}
      </section>
    );

  const toggleDay = (day: number, on: boolean) =>
    setSettings({
      ...settings,
      days: on ? [...settings.days, day].sort((a, b) => a - b) : settings.days.filter((d) => d !== day),
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (settings.enabled && settings.days.length === 0) {
      setNotice({ tone: 'error', text: 'Choose at least one day for your reminders.' });
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const saved = await save({ enabled: settings.enabled, days: settings.days, hour: settings.hour });
      setSettings(saved);
      setNotice({
        tone: 'success',
        text: saved.enabled ? 'Your practice reminders are on.' : 'Your practice reminders are off.',
      });
    } catch (error) {
      setNotice({
        tone: 'error',
        text:
          error instanceof ApiError && error.status === 400
            ? error.message
            : 'Your reminder settings could not be saved. Please try again.',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="stack account-reminders"
      aria-labelledby="reminders-title"
      onSubmit={(e) => void onSubmit(e)}
    >
      <h3 id="reminders-title">Practice reminders</h3>
      <p>
        A short mail on the days you choose, unless you have practised that day already. Every mail has a link
        to stop them with one click.
      </p>
      <CheckboxField
        name="remindersEnabled"
        checked={settings.enabled}
        onChange={(enabled) => setSettings({ ...settings, enabled })}
      >
        Send me practice reminders by mail
      </CheckboxField>
      {settings.enabled ? (
        <>
          <fieldset className="account-reminders__days">
            <legend>Days</legend>
            {WEEKDAYS.map((name, index) => (
              <CheckboxField
                key={name}
                name={`reminderDay${index + 1}`}
                checked={settings.days.includes(index + 1)}
                onChange={(on) => toggleDay(index + 1, on)}
              >
                {name}
              </CheckboxField>
            ))}
          </fieldset>
          <SelectField
            label={`Time (${settings.timeZone})`}
            name="reminderHour"
            value={String(settings.hour)}
            onChange={(hour) => setSettings({ ...settings, hour: Number(hour) })}
            options={HOURS}
            placeholder="Choose a time"
          />
        </>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" disabled={saving}>
          {saving ? 'Saving…' : 'Save reminders'}
        </Button>
      </div>
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
    </form>
  );
};
