import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_CONSENT, type ConsentPreference } from '../../lib/consent/consent-cookie';
import { ConsentDialog } from './consent-dialog';
import { useConsent, type ConsentEffects } from './use-consent';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const Harness = ({ effects, stored }: { effects: ConsentEffects; stored: ConsentPreference | null }) => {
  const consent = useConsent(effects, () => stored);
  return (
    <>
      <button type="button" onClick={consent.reopen}>
        Cookie preferences
      </button>
      <ConsentDialog consent={consent} />
    </>
  );
};

const renderDialog = (stored: ConsentPreference | null = null) => {
  const calls: string[] = [];
  const persisted: ConsentPreference[] = [];
  const effects: ConsentEffects = {
    persistConsent: (preference) => {
      calls.push('persist');
      persisted.push(preference);
    },
    reloadPage: () => calls.push('reload'),
  };
  render(
    <MemoryRouter>
      <Harness effects={effects} stored={stored} />
    </MemoryRouter>,
  );
  return { calls, persisted };
};

const dialog = () => screen.queryByRole('dialog', { name: 'This website uses cookies' });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const switchState = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked');

describe('ConsentDialog', () => {
  it('opens on a first visit with the required cookies locked on and the others off', () => {
    renderDialog(null);
    expect(dialog()).not.toBeNull();
    const required = screen.getByRole('switch', { name: 'Required cookies' }) as HTMLButtonElement;
    expect(required.getAttribute('aria-checked')).toBe('true');
    expect(required.disabled).toBe(true);
    expect(switchState('Functional cookies')).toBe('false');
    expect(switchState('Marketing cookies')).toBe('false');
    expect(screen.getByRole('link', { name: /imprint/i }).getAttribute('href')).toBe('/impressum');
  });

  it('stays closed once consent was seen, and Cookie preferences reopens it with the stored choice', () => {
    renderDialog({ ...DEFAULT_CONSENT, vimeo: true, consentSeen: true });
    expect(dialog()).toBeNull();
    click('Cookie preferences');
    expect(dialog()).not.toBeNull();
    expect(switchState('Functional cookies')).toBe('true');
    expect(switchState('Marketing cookies')).toBe('false');
  });

  it('Decline Unrequired stores only the required cookies, as seen, then reloads', () => {
    const { calls, persisted } = renderDialog();
    fireEvent.click(screen.getByRole('switch', { name: 'Marketing cookies' }));
    click('Decline Unrequired');
    expect(persisted).toEqual([
      { stickwork: true, stripe: true, vimeo: false, googleAnalytics: false, consentSeen: true },
    ]);
    expect(calls).toEqual(['persist', 'reload']);
  });

  it('the close button declines like Decline Unrequired', () => {
    const { calls, persisted } = renderDialog();
    click('Close');
    expect(persisted[0]).toMatchObject({ vimeo: false, googleAnalytics: false, consentSeen: true });
    expect(calls).toEqual(['persist', 'reload']);
  });

  it('Accept All stores everything and reloads only after 300 ms', () => {
    vi.useFakeTimers();
    const { calls, persisted } = renderDialog();
    click('Accept All');
    expect(persisted).toEqual([
      { stickwork: true, stripe: true, vimeo: true, googleAnalytics: true, consentSeen: true },
    ]);
    expect(calls).toEqual(['persist']);
    act(() => vi.advanceTimersByTime(299));
    expect(calls).toEqual(['persist']);
    act(() => vi.advanceTimersByTime(1));
    expect(calls).toEqual(['persist', 'reload']);
  });

  it('Accept Selection stores the chosen switches', () => {
    const { calls, persisted } = renderDialog();
    fireEvent.click(screen.getByRole('switch', { name: 'Functional cookies' }));
    expect(switchState('Functional cookies')).toBe('true');
    click('Accept Selection');
    expect(persisted).toEqual([
      { stickwork: true, stripe: true, vimeo: true, googleAnalytics: false, consentSeen: true },
    ]);
    expect(calls).toEqual(['persist', 'reload']);
  });
});
