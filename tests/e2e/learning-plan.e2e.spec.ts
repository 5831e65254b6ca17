import type { Notation } from '@stickwork/domain';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { RECORD_AUDIO } from '../support/audio-recorder.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test } from '../support/clean-console.js';
import { AUTOPLAY, chromiumLaunchOptions } from '../support/chromium.js';
import { answerConsent } from '../support/consent.js';
import { audioClockReaches, FAKE_KIT, GM_NOTE, startsSoFar, type KitWindow } from '../support/fake-kit.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';

/**
 * The plan that learns, in Chromium with the stubbed e-kit: a lesson played well (every note 15 ms
 * late) is evaluated; its tempo plan moves one step up with the take as its reason, and the stats page
 * names the late voice as a weak spot.
 */

test.use({ launchOptions: chromiumLaunchOptions(AUTOPLAY) });

test.beforeEach(async ({ context, baseURL }, testInfo) => {
  testInfo.setTimeout(150_000); // real audio time: a count-in and enough passes for 30 strokes
  await answerConsent(context, baseURL!);
});

/** Strokes a weak spot needs before it means something (`WEAK_SPOT_RULES.minStrokes`), and a margin. */
const STROKES_NEEDED = 32;

test('a lesson played well starts faster next time with its reason, and its late voice is a weak spot', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.addInitScript(RECORD_AUDIO);
  await page.addInitScript(FAKE_KIT);
  const account = await registerViaApi(request, 'Ginger');
  const auth = { 'x-auth-token': account.token };
  const rated = await request.post('/api/focus', {
    headers: auth,
    data: { skillSelfRating: [{ skillName: 'timing', selected: true, level: 'starter' }] },
  });
  expect(rated.status()).toBe(200);
  await logInContext(context, baseURL!, account.token);
  const notationAnswer = page.waitForResponse((answer) => answer.url().includes('/api/lesson/notation'));
  await page.goto('/launch-overview');
  await page.getByRole('button', { name: 'Timing' }).click();
  await page.getByLabel('Minutes').fill('30');
  await page.getByRole('button', { name: 'Drum Kit' }).first().click();
  const { lessonId, notation } = (await (await notationAnswer).json()) as {
    lessonId: number;
    notation: Notation;
  };
  const bpm = Number(await page.getByLabel('Metronome (BPM)').inputValue());

  // As many passes as the busiest voice and position needs for 30 strokes.
  const perPass = new Map<string, number>();
  for (const note of notation.notes) {
    const key = `${note.voice} ${note.step % notation.subdivision}`;
    perPass.set(key, (perPass.get(key) ?? 0) + 1);
  }
  const passes = Math.ceil(STROKES_NEEDED / Math.max(...perPass.values()));

  await page.getByText('Timing coach: score my playing').click();
  await page.getByLabel('Listen to').selectOption('midi');
  await expect(page.getByText('Listening to E2E Kit.')).toBeVisible();
  const beforeTake = await startsSoFar(page);
  await page.getByRole('button', { name: 'Play pattern' }).click();
  await page.waitForFunction((from) => (window as unknown as KitWindow).__starts.length > from, beforeTake);
  const countInStart = await page.evaluate(
    (from) => (window as unknown as KitWindow).__starts[from]!.when,
    beforeTake,
  );
  const beat = 60 / bpm;
  const firstNote = countInStart + notation.timeSignature.beats * beat;
  const passSeconds = notation.bars * notation.timeSignature.beats * beat;
  const strikes = Array.from({ length: passes + 1 }, (_, pass) =>
    notation.notes.map((note) => ({
      time: firstNote + pass * passSeconds + (note.step / notation.subdivision) * beat + 0.015,
      note: GM_NOTE[note.voice],
    })),
  ).flat();
  await page.evaluate((list) => {
    for (const strike of list) (window as unknown as KitWindow).__kit.strikeAt(strike.time, strike.note);
  }, strikes);
  await audioClockReaches(page, firstNote + passes * passSeconds + 0.2);
  await page.getByRole('button', { name: 'Stop pattern' }).click();
  const summary = page.getByRole('region', { name: 'Your take' });
  await expect(summary.getByText('15 ms late', { exact: true })).toBeVisible();
  const accuracy = Number((await summary.locator('dd').first().innerText()).replace(' %', ''));
  expect(accuracy).toBeGreaterThanOrEqual(90);

  await page.getByRole('button', { name: 'warmed up' }).click();
  await page.getByRole('button', { name: 'evaluate lesson' }).click();
  await expect(page.getByRole('button', { name: /evaluate lesson|warmed up/ }).first()).toBeVisible();

  // Its next start: one step (4.5 %, whole bpm) above the tempo played well, with the take as the reason.
  const plan = await request.get(`/api/lesson/tempo-plan?lessonId=${lessonId}`, { headers: auth });
  expect(await plan.json()).toMatchObject({
    lessonId,
    startBpm: bpm + Math.max(1, Math.round(bpm * 0.045)),
    basis: { kind: 'takes', bpm, accuracy, takes: 1, ratedTooHard: false },
  });

  // The weak spot: the busiest voice, 15 ms late, in a drummer's words.
  await page.goto('/stats-and-progress');
  await expect(page.getByRole('heading', { name: 'Weak spots' })).toBeVisible();
  const spots = page.getByTestId('weak-spot');
  await expect(spots.first()).toContainText(/^Your .+ on the '(1|e|&|a|trip|let)' drags 15 ms/);
  await expect(spots.first()).toContainText('new this month');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/learning-plan/stats-weak-spots.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: 'test-results/learning-plan/stats-weak-spots-375.png', fullPage: true });
});
