import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredConsent } from '../../lib/consent/consent-cookie';
import type { SkillPreferenceEntry } from '@stickwork/domain';
import { CustomizePracticeCard } from './customize-practice-card';
import type { SessionLimits } from './practice-plan';
import { LessonVideo } from './lesson-video';
import { MusicSheetButton } from './music-sheet-button';

afterEach(() => {
  cleanup();
  Cookies.remove('gdpr-cookie', { path: '/' });
});

const preferences = [
  { focus: 'hand_technique' as const, level: 'beginner' as const },
  { focus: 'timing' as const, level: 'starter' as const },
];
const ALL_OF_PREMIUM: SessionLimits = { maxSkills: null, drumPadMode: true };
const FREEMIUM: SessionLimits = { maxSkills: 2, drumPadMode: false };

describe('Customize your practice', () => {
  const renderCard = (limits = ALL_OF_PREMIUM, skillPreference: SkillPreferenceEntry[] = preferences) => {
    const onRequest = vi.fn();
    render(
      <MemoryRouter>
        <CustomizePracticeCard
          skillPreference={skillPreference}
          limits={limits}
          requesting={false}
          onRequest={onRequest}
        />
      </MemoryRouter>,
    );
    return onRequest;
  };

  it('asks for a skill and for 10-360 minutes before requesting anything', () => {
    const onRequest = renderCard();
    fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Drum Kit' }));
    expect(screen.getByText('Please select at least one skill')).toBeDefined();
    expect(screen.getByText('Practice time must be between 10 and 360 minutes')).toBeDefined();
    expect(onRequest).not.toHaveBeenCalled();
  });

  it('toggles chips and requests Drum Pad mode with the chosen skills', () => {
    const onRequest = renderCard();
    const timing = screen.getByRole('button', { name: 'Timing' });
    fireEvent.click(screen.getByRole('button', { name: 'Hand Technique' }));
    fireEvent.click(timing);
    fireEvent.click(timing);
    expect(timing.getAttribute('aria-pressed')).toBe('false');
    fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Drum Pad' }));
    expect(onRequest).toHaveBeenCalledWith({
      skillPreference: [preferences[0]],
      practiceTime: 30,
      padSufficient: true,
    });
  });

  it('on a 2-skill plan locks further chips with the reason and an upgrade link, before any request', () => {
    const onRequest = renderCard(FREEMIUM, [...preferences, { focus: 'drum_fills', level: 'beginner' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Hand Technique' }));
    expect(screen.getByRole('button', { name: 'Drum Fills' }).getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Timing' }));
    const fills = screen.getByRole('button', { name: /Drum Fills/ });
    expect(fills.getAttribute('aria-disabled')).toBe('true');
    expect(fills.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(fills);
    expect(fills.getAttribute('aria-pressed')).toBe('false');
    const reason = document.getElementById(fills.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toContain('Your plan combines up to 2 skills in a session.');
    expect(screen.getByRole('link', { name: 'Upgrade for every skill at once' }).getAttribute('href')).toBe(
      '/pricing',
    );
    // Dropping a skill frees a place again.
    fireEvent.click(screen.getByRole('button', { name: 'Timing' }));
    expect(fills.getAttribute('aria-disabled')).toBeNull();
    expect(onRequest).not.toHaveBeenCalled();
  });

  it('without Drum Pad mode on the plan, Drum Pad says why and requests nothing', () => {
    const onRequest = renderCard(FREEMIUM);
    fireEvent.click(screen.getByRole('button', { name: 'Timing' }));
    const pad = screen.getByRole('button', { name: 'Drum Pad' });
    expect(pad.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(pad);
    expect(onRequest).not.toHaveBeenCalled();
    expect(document.getElementById(pad.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Drum Pad mode comes with Premium and Exclusive',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Drum Kit' }));
    expect(onRequest).toHaveBeenCalledTimes(1);
  });

  it('with Grooves chosen, Drum Pad says there are no pad lessons for it', () => {
    const onRequest = renderCard(ALL_OF_PREMIUM, [...preferences, { focus: 'grooves', level: 'beginner' }]);
    const pad = screen.getByRole('button', { name: 'Drum Pad' });
    expect(pad.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Grooves' }));
    expect(pad.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/There are no Drum Pad lessons for Grooves yet\./)).toBeDefined();
    fireEvent.click(pad);
    expect(onRequest).not.toHaveBeenCalled();
  });
});

describe('the lesson video', () => {
  it('blocks the video until consent is given here, then embeds it with do-not-track', () => {
    render(
      <MemoryRouter>
        <LessonVideo videoUrl="https://vimeo.com/760010165" title="Paradiddles" />
      </MemoryRouter>,
    );
    expect(screen.queryByTitle('Video: Paradiddles')).toBeNull();
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    fireEvent.click(screen.getByRole('button', { name: 'Accept to load video' }));
    const frame = screen.getByTitle('Video: Paradiddles');
    expect(frame.getAttribute('src')).toBe('https://player.vimeo.com/video/760010165?dnt=1');
    expect(frame.getAttribute('width')).toBe('640');
    expect(frame.getAttribute('height')).toBe('360');
    expect(readStoredConsent()).toMatchObject({ vimeo: true, consentSeen: true });
  });
});

describe('download sheet', () => {
  it("saves the PDF under the lesson's name", async () => {
    const pdf = new Blob(['%PDF'], { type: 'application/pdf' });
    const save = vi.fn();
    render(<MusicSheetButton lessonId={4} lessonName="Gap click" download={async () => pdf} save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'download sheet' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledWith(pdf, 'Gap click.pdf'));
  });

  it('says whom to contact when the sheet cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MusicSheetButton
        lessonId={4}
        lessonName="Gap click"
        download={async () => {
          throw new Error('404');
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'download sheet' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Could not retrieve music sheet\. Please contact us: /,
    );
  });
});
