import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { MIN_FULL_TAKE_NOTES, type Notation } from '@stickwork/domain';
import { RECORD_AUDIO } from '../support/audio-recorder.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test } from '../support/clean-console.js';
import { fakeMicrophoneLaunchOptions, padClicksWav } from '../support/fake-microphone.js';
import { answerConsent } from '../support/consent.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';
import { openLessonCard as openPracticeSession, setTempo } from '../support/lesson-card.js';
import {
  audioClockReaches,
  kitHasStruck,
  FAKE_KIT,
  GM_NOTE,
  startsSoFar,
  type KitWindow,
} from '../support/fake-kit.js';

/**
 * The timing coach in Chromium, with the inputs a drummer has: an e-kit through a stubbed
 * `navigator.requestMIDIAccess` whose strokes the test plays at chosen moments of the page's audio
 * clock, and a practice pad through Chromium's fake microphone playing a generated WAV of strokes.
 */

// Audio without a gesture, and a fake microphone that plays a pad stroke every 100 ms (the MIDI
// journeys never open it): whatever the phase, every note of a 120 bpm pattern has one within 50 ms.
test.use({
  launchOptions: fakeMicrophoneLaunchOptions(padClicksWav('stickwork-pad-strokes.wav', 0.1, () => 20_000)),
});

/** Opens the card of a new drummer's first lesson, with the notation the card fetched for it. */
const openLessonCard = async (
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
) => {
  const notation = page.waitForResponse((answer) => answer.url().includes('/api/lesson/notation'));
  await openPracticeSession(page, context, request, baseURL, 'Clyde');
  const { lessonId, notation: written } = (await (await notation).json()) as {
    lessonId: number;
    notation: Notation;
  };
  const name = await page.locator('#lesson-title').innerText();
  return { lessonId, notation: written, name };
};

test.beforeEach(async ({ context, baseURL }, testInfo) => {
  testInfo.setTimeout(150_000); // real audio time: 16 calibration clicks, a count-in and two passes
  await answerConsent(context, baseURL!);
});

test.describe('with an e-kit (Web MIDI)', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    test(`at ${viewport.width} px: calibrate, a take 15 ms late reads late, the evaluation starts from it, and /lesson-history shows it`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(RECORD_AUDIO);
      await page.addInitScript(FAKE_KIT);
      const { notation, name } = await openLessonCard(page, context, request, baseURL!);

      await page.getByText('Timing coach: score my playing').click();
      await page.getByLabel('Listen to').selectOption('midi');
      await expect(page.getByText('Listening to E2E Kit.')).toBeVisible();
      await expect(
        page.getByText('Calibrate once so your setup’s delay is not counted against you.'),
      ).toBeVisible();

      // Calibration: the drummer's strokes reach the page 23 ms after each of the 16 clicks.
      const beforeCalibration = await startsSoFar(page);
      await page.getByRole('button', { name: 'Calibrate' }).click();
      await page.waitForFunction(
        (from) => (window as unknown as KitWindow).__starts.length >= from + 16,
        beforeCalibration,
        { timeout: 60_000 },
      );
      await page.evaluate((from) => {
        const kit = window as unknown as KitWindow;
        for (const click of kit.__starts.slice(from, from + 16)) kit.__kit.strikeAt(click.when + 0.023, 38);
      }, beforeCalibration);
      await expect(page.getByText('Your setup adds 23 ms; it is taken off every hit.')).toBeVisible({
        timeout: 30_000,
      });
      // The kit's map: the pad struck plays the snare (General MIDI 38), changeable per device.
      await expect(page.getByLabel('The pad you struck (note 38) plays')).toHaveValue('snare');

      // A take at 120 bpm: a bar of count-in, then every note 15 ms late (plus the setup's 23 ms).
      await setTempo(page, 120);
      const beforeTake = await startsSoFar(page);
      await page.getByRole('button', { name: 'Play pattern' }).click();
      await page.waitForFunction(
        (from) => (window as unknown as KitWindow).__starts.length > from,
        beforeTake,
      );
      const countInStart = await page.evaluate(
        (from) => (window as unknown as KitWindow).__starts[from]!.when,
        beforeTake,
      );
      const beat = 60 / 120;
      const firstNote = countInStart + notation.timeSignature.beats * beat;
      const passSeconds = notation.bars * notation.timeSignature.beats * beat;
      // Two passes, or as many as a full take needs (a shorter take is shown but does not count).
      const passes = Math.max(2, Math.ceil(MIN_FULL_TAKE_NOTES / notation.notes.length));
      const strikes = Array.from({ length: passes + 1 }, (_, pass) => pass).flatMap((pass) =>
        notation.notes.map((note) => ({
          time: firstNote + pass * passSeconds + (note.step / notation.subdivision) * beat + 0.023 + 0.015,
          note: GM_NOTE[note.voice],
        })),
      );
      const struckBefore = await page.evaluate(() => (window as unknown as KitWindow).__kit.strikes);
      await page.evaluate((list) => {
        for (const strike of list) (window as unknown as KitWindow).__kit.strikeAt(strike.time, strike.note);
      }, strikes);
      await expect(page.getByText(/^Accuracy so far: \d+ %/)).toBeVisible({ timeout: 30_000 });
      // Past the last note's reach (at most 125 ms): stopped on its edge, the take could count one note fewer.
      await audioClockReaches(page, firstNote + passes * passSeconds + 0.2);
      await kitHasStruck(page, struckBefore + passes * notation.notes.length);
      await page.getByRole('button', { name: 'Stop pattern' }).click();

      const summary = page.getByRole('region', { name: 'Your take' });
      await expect(summary).toBeVisible();
      await expect(summary.getByText('15 ms late', { exact: true })).toBeVisible();
      const accuracy = Number((await summary.locator('dd').first().innerText()).replace(' %', ''));
      expect(accuracy).toBeGreaterThanOrEqual(94);
      expect(accuracy).toBeLessThanOrEqual(96);
      await expect(summary.getByText(/notes played, 0 missed, 0 extra$/)).toBeVisible();
      await expect(summary.getByText(/^Dynamics: \d+ of \d+ strokes at the written level/)).toBeVisible();
      await expect(
        summary.getByText('This take suggests rating the lesson easy; you choose when you evaluate.'),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/timing-coach/take-${viewport.width}.png`, fullPage: true });
      const summaryText = (await summary.textContent()) ?? '';

      // The evaluation starts at the suggested rating; the drummer could still move it.
      await page.getByRole('button', { name: 'warmed up' }).click();
      await expect(
        page.getByText(`Your last full take scored ${accuracy} % on timing, so the slider starts at easy`),
      ).toBeVisible();
      await expect(page.getByLabel('Difficulty')).toHaveAttribute('aria-valuetext', 'easy');

      // "back to lesson": the take's summary is there as it was left, and the back still starts from it.
      await page.getByRole('button', { name: 'back to lesson' }).click();
      await expect(summary).toBeVisible();
      await expect(summary).toHaveText(summaryText);
      await expect(page.getByText('Listening to E2E Kit.')).toBeVisible();
      await page.screenshot({
        path: `test-results/timing-coach/back-to-lesson-${viewport.width}.png`,
        fullPage: true,
      });
      await page.getByRole('button', { name: 'warmed up' }).click();
      await expect(
        page.getByText(`Your last full take scored ${accuracy} % on timing, so the slider starts at easy`),
      ).toBeVisible();
      await page.getByRole('button', { name: 'evaluate lesson' }).click();
      await expect(page.getByRole('button', { name: /evaluate lesson|warmed up/ }).first()).toBeVisible();

      await page.goto('/lesson-history');
      const entry = page.getByRole('main').getByText(name).first();
      await expect(entry).toBeVisible();
      await expect(
        page
          .getByRole('main')
          .getByText(new RegExp(`^${accuracy}(\\.\\d)? %$`))
          .first(),
      ).toBeVisible();
      await expect(
        page
          .getByRole('main')
          .getByText(/15 ms late/)
          .first(),
      ).toBeVisible();
    });
  }

  test('without Web MIDI the card says so, and the lesson goes on without scoring', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'requestMIDIAccess', {
        configurable: true,
        value: undefined,
      });
    });
    await openLessonCard(page, context, request, baseURL!);
    await page.getByText('Timing coach: score my playing').click();
    await page.getByLabel('Listen to').selectOption('midi');
    await expect(page.getByRole('alert')).toHaveText(
      /This browser cannot read MIDI devices.*The lesson goes on without scoring\./,
    );
    await page.getByRole('button', { name: 'warmed up' }).click();
    await expect(
      page.getByText("Please evaluate how difficult you've experienced this lesson."),
    ).toBeVisible();
  });
});

test.describe('with a practice pad (microphone)', () => {
  test('the microphone hears the strokes and a take is scored', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.addInitScript(RECORD_AUDIO);
    await openLessonCard(page, context, request, baseURL!);
    await page.getByText('Timing coach: score my playing').click();
    await page.getByLabel('Listen to').selectOption('microphone');
    await expect(page.getByText('Listening to the microphone.')).toBeVisible();
    await expect(page.getByLabel('Microphone sensitivity')).toBeVisible();

    await setTempo(page, 120);
    await page.getByRole('button', { name: 'Play pattern' }).click();
    await expect(page.getByText(/^Accuracy so far: \d+ %/)).toBeVisible({ timeout: 30_000 });
    const now = await page.evaluate(() => (window as unknown as KitWindow).__contexts.at(-1)!.currentTime);
    await audioClockReaches(page, now + 3);
    await page.getByRole('button', { name: 'Stop pattern' }).click();
    const summary = page.getByRole('region', { name: 'Your take' });
    await expect(summary).toBeVisible();
    // A stroke every 100 ms, whatever the pattern: notes are played, and strokes between notes are extra.
    const counts = (await summary.getByText(/notes played/).innerText()).match(
      /^(\d+) of (\d+) notes played, (\d+) missed, (\d+) extra$/,
    );
    expect(counts).not.toBeNull();
    const [played, expected, missed, extra] = counts!.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect(played).toBeGreaterThan(0);
    expect(played + missed).toBe(expected);
    expect(extra).toBeGreaterThan(0);
  });
});
