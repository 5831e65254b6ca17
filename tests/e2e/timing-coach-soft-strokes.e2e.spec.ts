import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test } from '../support/clean-console.js';
import { answerConsent } from '../support/consent.js';
import { fakeMicrophoneLaunchOptions, padClicksWav } from '../support/fake-microphone.js';
import { openLessonCard, startTimingSession } from '../support/lesson-card.js';

/**
 * "Set from soft strokes" (issue 32, docs/timing-coach.md): through Chromium's fake microphone a pad
 * plays one accent and seven ghost notes 26 dB softer, over and over; the card listens to six strokes
 * and sets the microphone's sensitivity so strokes that soft count, says so, and keeps it.
 */

const SOFT_UNDER_ACCENT_DB = 26;

// Each eighth click an accent, the others ghost notes.
test.use({
  launchOptions: fakeMicrophoneLaunchOptions(
    padClicksWav('stickwork-accent-and-ghost-notes.wav', 0.15, (stroke) =>
      stroke % 8 === 0 ? 20_000 : 20_000 * 10 ** (-SOFT_UNDER_ACCENT_DB / 20),
    ),
  ),
});

test.beforeEach(async ({ context, baseURL }, testInfo) => {
  testInfo.setTimeout(90_000);
  await answerConsent(context, baseURL!);
});

test('the microphone sets its sensitivity from an accent and soft strokes, says so and keeps it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await openLessonCard(page, context, request, baseURL!, 'Gina');
  await page.getByText('Timing coach: score my playing').click();
  // The microphone hears a pad, one drum or a whole acoustic kit.
  await expect(page.getByLabel('Listen to').locator('option[value="microphone"]')).toHaveText(
    'The microphone (pad, drum or kit)',
  );
  await page.getByLabel('Listen to').selectOption('microphone');
  await expect(page.getByText('Listening to the microphone.')).toBeVisible();
  const slider = page.getByLabel('Microphone sensitivity');
  await expect(slider).toHaveValue('0.5');

  await page.getByRole('button', { name: 'Set from soft strokes' }).click();
  await expect(
    page.getByText('Play one accent, then 5 strokes as softly as your ghost notes…'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop listening' })).toBeVisible();

  const said = page.getByText(/^Your soft strokes were \d+ dB under your accent/);
  await expect(said).toBeVisible({ timeout: 20_000 });
  const text = await said.innerText();
  const match =
    /^Your soft strokes were (\d+) dB under your accent: the sensitivity is now (\d+) %, so they count\.$/.exec(
      text,
    );
  expect(match, text).not.toBeNull();
  const [underDb, percent] = [Number(match![1]), Number(match![2])];
  // The level of a stroke's first window varies by some 10 dB between identical strokes
  // (docs/timing-coach.md): the accent heard above the ghost notes, by about what was played.
  expect(underDb).toBeGreaterThanOrEqual(SOFT_UNDER_ACCENT_DB - 12);
  expect(underDb).toBeLessThanOrEqual(SOFT_UNDER_ACCENT_DB + 14);
  await expect(slider).toHaveAttribute('aria-valuetext', `${percent} %`);
  await expect(page.getByRole('button', { name: 'Set from soft strokes' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Stored for the microphone in this browser, like the latency.
  await page.reload();
  await startTimingSession(page);
  await page.getByText('Timing coach: score my playing').click();
  await page.getByLabel('Listen to').selectOption('microphone');
  await expect(page.getByLabel('Microphone sensitivity')).toHaveAttribute('aria-valuetext', `${percent} %`);
});
