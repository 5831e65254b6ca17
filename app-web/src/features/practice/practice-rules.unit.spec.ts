import { describe, expect, it } from 'vitest';
import { fakeToken } from '../../testing/fake-token';
import { decodeToken } from '../../lib/session/jwt';
import { foldedDescription, isFoldable } from './description-fold';
import { subscriptionViewOfToken } from './practice-plan';
import { validatePracticeRequest } from './practice-request-form';
import { stopwatchDisplay } from './stopwatch-display';
import { clearStoredSchedule, readStoredSchedule, writeStoredSchedule } from './stored-schedule';
import { pickSlogan, UPSELL_SLOGANS } from './upsell-slogans';
import { videoEmbedUrl } from './video-embed-url';

const timing = { focus: 'timing' as const, level: 'starter' as const };

describe('the description fold', () => {
  it('folds a description of 400 characters or more to its first 250', () => {
    const long = 'x'.repeat(400);
    expect(isFoldable(long)).toBe(true);
    expect(foldedDescription(long)).toBe(`${'x'.repeat(250)}…`);
  });
  it('leaves a description under 400 characters whole', () => {
    const short = 'y'.repeat(399);
    expect(isFoldable(short)).toBe(false);
    expect(foldedDescription(short)).toBe(short);
  });
});

describe('the session request form', () => {
  it('asks for at least one skill', () => {
    expect(validatePracticeRequest([], '30', false)).toEqual({
      ok: false,
      errors: { skills: ['Please select at least one skill'], minutes: [] },
    });
  });
  it('accepts 5 in the input but rejects below 10 and above 360 on submission', () => {
    for (const minutes of ['5', '365', '']) {
      expect(validatePracticeRequest([timing], minutes, false)).toEqual({
        ok: false,
        errors: { skills: [], minutes: ['Practice time must be between 10 and 360 minutes'] },
      });
    }
  });
  it('sends the chosen skills, the minutes and the instrument', () => {
    expect(validatePracticeRequest([timing], '30', true)).toEqual({
      ok: true,
      body: { skillPreference: [timing], practiceTime: 30, padSufficient: true },
    });
  });
});

describe('the video embed', () => {
  it('turns a vimeo page into its player with do-not-track', () => {
    expect(videoEmbedUrl('https://vimeo.com/760010165')).toBe(
      'https://player.vimeo.com/video/760010165?dnt=1',
    );
  });
  it('refuses anything that is not an https address', () => {
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(videoEmbedUrl('not a url')).toBeNull();
  });
});

describe('the upsell', () => {
  it('has five slogans and picks each of them', () => {
    expect(UPSELL_SLOGANS).toHaveLength(5);
    expect(new Set([0, 0.2, 0.4, 0.6, 0.8].map(pickSlogan)).size).toBe(5);
    expect(pickSlogan(0.9999)).toBe(UPSELL_SLOGANS[4]);
  });
  it('shows the banner to freemium only, and never the modal while trialing', () => {
    const view = (subscription_status: string) =>
      subscriptionViewOfToken(decodeToken(fakeToken({ subscription_status, activeTier: 'premium' })));
    expect(view('freemium')).toMatchObject({ showUpsellBanner: true, upsellModalAllowed: true });
    expect(view('trialing')).toMatchObject({ showUpsellBanner: false, upsellModalAllowed: false });
    expect(view('active')).toMatchObject({ showUpsellBanner: false });
  });
});

describe('the stored schedule', () => {
  const lesson = {
    lesson_id: 4,
    name: 'Gap click',
    focus: 'timing' as const,
    min_level: 'starter' as const,
    max_level: 'beginner' as const,
    pad_sufficient: false,
    description_text: '',
    start_bpm: 60,
    number_repetition: 1,
    practice_time: 5,
    type: 'exercise' as const,
  };
  it('keeps an unfinished session and forgets it when cleared', () => {
    const schedule = { lessons: [lesson], currentLessonIndex: 0, practiceTimeBeforeCurrentExercise: 0 };
    writeStoredSchedule(schedule);
    expect(readStoredSchedule()).toEqual(schedule);
    clearStoredSchedule();
    expect(readStoredSchedule()).toBeNull();
  });
  it('offers nothing when only the limit marker is left', () => {
    const limit = { ...lesson, lesson_id: -1, type: 'limit_reached' as const };
    writeStoredSchedule({
      lessons: [lesson, limit],
      currentLessonIndex: 1,
      practiceTimeBeforeCurrentExercise: 5,
    });
    expect(readStoredSchedule()).toBeNull();
  });
});

describe('the stopwatch', () => {
  it('reads minutes and seconds, and hours from an hour on', () => {
    expect(stopwatchDisplay(245)).toBe('04:05');
    expect(stopwatchDisplay(3723)).toBe('1:02:03');
  });
});
