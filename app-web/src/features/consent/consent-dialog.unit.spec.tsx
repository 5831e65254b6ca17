import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { ConsentPreference } from '../../lib/consent/consent-cookie';
import { ConsentDialog } from './consent-dialog';
import type { ConsentEffects } from './use-consent-choices';

afterEach(cleanup);

const renderDialog = () => {
  const calls: string[] = [];
  const persisted: ConsentPreference[] = [];
  const effects: ConsentEffects = {
    persistConsent: (preference) => {
      calls.push('persist');
      persisted.push(preference);
    },
    reloadPage: () => calls.push('reload'),
    wait: vi.fn(async (ms: number) => {
      calls.push(`wait ${ms}`);
    }),
  };
  render(
    <MemoryRouter>
      <ConsentDialog open effects={effects} />
    </MemoryRouter>,
  );
  return { calls, persisted };
};

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('ConsentDialog', () => {
  it('shows the three sections, with the required cookies locked on', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'This website uses cookies' })).toBeTruthy();
    const required = screen.getByRole('switch', { name: 'Required cookies' });
    expect(required.getAttribute('aria-checked')).toBe('true');
    expect((required as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('switch', { name: 'Functional cookies' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(screen.getByRole('switch', { name: 'Marketing cookies' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(screen.getByRole('link', { name: /imprint/i }).getAttribute('href')).toBe('/impressum');
  });

  it('Decline Unrequired stores only the required cookies, as seen, then reloads', async () => {
    const { calls, persisted } = renderDialog();
    fireEvent.click(screen.getByRole('switch', { name: 'Marketing cookies' }));
    await click('Decline Unrequired');
    expect(persisted).toEqual([
      { stickwork: true, stripe: true, vimeo: false, googleAnalytics: false, consentSeen: true },
    ]);
    expect(calls).toEqual(['persist', 'reload']);
  });

  it('the close button declines like Decline Unrequired', async () => {
    const { calls, persisted } = renderDialog();
    await click('Close');
    expect(persisted[0]).toMatchObject({ vimeo: false, googleAnalytics: false, consentSeen: true });
    expect(calls).toEqual(['persist', 'reload']);
  });

  it('Accept All stores everything, waits 300 ms, then reloads', async () => {
    const { calls, persisted } = renderDialog();
    await click('Accept All');
    expect(persisted).toEqual([
      { stickwork: true, stripe: true, vimeo: true, googleAnalytics: true, consentSeen: true },
    ]);
    expect(calls).toEqual(['persist', 'wait 300', 'reload']);
  });

  it('Accept Selection stores the chosen switches', async () => {
    const { calls, persisted } = renderDialog();
    fireEvent.click(screen.getByRole('switch', { name: 'Functional cookies' }));
    expect(screen.getByRole('switch', { name: 'Functional cookies' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await click('Accept Selection');
    expect(persisted).toEqual([
      { stickwork: true, stripe: true, vimeo: true, googleAnalytics: false, consentSeen: true },
    ]);
    expect(calls).toEqual(['persist', 'reload']);
  });
});
