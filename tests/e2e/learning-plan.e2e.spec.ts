import type { Page } from '@playwright/test';
import {
  CALIBRATION_CLICKS,
  returnIntervalDays,
  suggestedRating,
  type Notation,
  type ScheduledLesson,
  type TempoPlan,
} from '@stickwork/domain';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { RECORD_AUDIO } from '../support/audio-recorder.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test } from '../support/clean-console.js';
import { AUTOPLAY, chromiumLaunchOptions } from '../support/chromium.js';
import { answerConsent } from '../support/consent.js';
import {
  audioClockReaches,
  kitHasStruck,
  FAKE_KIT,
  GM_NOTE,
  startsSoFar,
  type KitWindow,
} from '../support/fake-kit.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';
import { subscribeViaApi } from '../support/payments.js';
import { putServerClockBack } from '../support/journey-day.js';

/**
 * The plan that learns, in Chromium with the stubbed e-kit: the drummer calibrates (the setup adds 23 ms:
 * only a calibrated take teaches the plan and the weak spots), then a lesson played well (every note 15 ms
 * late, plus the setup's 23) is evaluated; its tempo plan moves one step up with the take as its reason; on the day its
 * spaced return is due (the server's test clock moved forward) it is scheduled again and its card
 * starts at the higher tempo and says why; the stats page says the lag (or the late voice's weak spot).
 */

test.use({ launchOptions: chromiumLaunchOptions(AUTOPLAY) });

test.beforeEach(async ({ context, baseURL }, testInfo) => {
  testInfo.setTimeout(150_000); // real audio time: a count-in and enough passes for 30 strokes
  await answerConsent(context, baseURL!);
});

// The server's clock is shared by every journey (one worker, see playwright.config.ts): put it back
// on the system time whatever this journey did, so none after it runs days ahead.
test.afterEach(async ({ request }) => {
  await putServerClockBack(request);
});

/** Asks the overview for a 30-minute timing practice on the kit; answers the scheduled lessons. */
const scheduleTiming = async (page: Page): Promise<ScheduledLesson[]> => {
  const scheduled = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/lesson/schedule') && answer.request().method() === 'POST',
  );
  await page.goto('/launch-overview');
  await page.getByRole('button', { name: 'Timing' }).click();
  await page.getByLabel('Minutes').fill('30');
  await page.getByRole('button', { name: 'Drum Kit' }).first().click();
  const answer = await scheduled;
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { lessons: ScheduledLesson[] }).lessons;
};

/** Evaluates the open card and the ones after it up to the `to`th (0-based), so that card is open. */
const walkToCard = async (
  page: Page,
  { from = 0, to, total }: { from?: number; to: number; total: number },
) => {
  const position = page.getByText(/^# \d+ \/ \d+$/);
  for (let card = from; card < to; card++) {
    await page.getByRole('button', { name: /^(warmed up|evaluate lesson)$/ }).click();
    await expect(page.getByRole('button', { name: 'back to lesson' })).toBeVisible();
    await page.getByRole('button', { name: 'evaluate lesson' }).click();
    await expect(position).toHaveText(`# ${card + 2} / ${total}`);
  }
};

/** Strokes a weak spot needs before it means something (`WEAK_SPOT_RULES.minStrokes`), and a margin. */
const STROKES_NEEDED = 32;
/** Strokes each of two positions needs to share a steady lag (`WEAK_SPOT_RULES.minTrendStrokes`). */
const POSITION_STROKES = 10;

test('a lesson played well starts faster next time with its reason, and its late voice is a weak spot', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.addInitScript(RECORD_AUDIO);
  await page.addInitScript(FAKE_KIT);
  const account = await registerViaApi(request, 'Ginger');
  // A trial: walking past the warm-ups to an exercise never meets the free plan's 3 lessons a day.
  const token = await subscribeViaApi(request, account.token);
  const auth = { 'x-auth-token': token };
  const rated = await request.post('/api/focus', {
    headers: auth,
    data: { skillSelfRating: [{ skillName: 'timing', selected: true, level: 'starter' }] },
  });
  expect(rated.status()).toBe(200);
  await logInContext(context, baseURL!, token);
  // The first exercise (warm-ups have no spaced return: they are drawn afresh every time).
  const firstLessons = await scheduleTiming(page);
  const exerciseIndex = firstLessons.findIndex((lesson) => lesson.type === 'exercise');
  expect(exerciseIndex).toBeGreaterThanOrEqual(0);
  const lessonId = firstLessons[exerciseIndex]!.lesson_id;
  await walkToCard(page, { to: exerciseIndex, total: firstLessons.length });
  const notationAnswer = await request.get(`/api/lesson/notation?lessonId=${lessonId}`, { headers: auth });
  const { notation } = (await notationAnswer.json()) as { notation: Notation };
  const bpm = Number(await page.getByLabel('Metronome (BPM)').inputValue());
  expect(bpm).toBe(firstLessons[exerciseIndex]!.start_bpm);

  // As many passes as the stats page needs: a steady lag wants 30 strokes in all with two positions of
  // 10 or more (`steadyLag`); a lesson that plays one position wants 30 strokes there (its weak spot).
  const perPass = new Map<string, number>();
  for (const note of notation.notes) {
    const key = `${note.voice} ${note.step % notation.subdivision}`;
    perPass.set(key, (perPass.get(key) ?? 0) + 1);
  }
  const [busiest = 0, second = 0] = [...perPass.values()].sort((a, b) => b - a);
  const passes =
    second > 0
      ? Math.max(Math.ceil(STROKES_NEEDED / notation.notes.length), Math.ceil(POSITION_STROKES / second))
      : Math.ceil(STROKES_NEEDED / busiest);

  await page.getByText('Timing coach: score my playing').click();
  await page.getByLabel('Listen to').selectOption('midi');
  await expect(page.getByText('Listening to E2E Kit.')).toBeVisible();
  // Calibration first, as a drummer would: the strokes reach the page 23 ms after each of the 16 clicks.
  const beforeCalibration = await startsSoFar(page);
  await page.getByRole('button', { name: 'Calibrate' }).click();
  await page.waitForFunction(
    ({ from, clicks }) => (window as unknown as KitWindow).__starts.length >= from + clicks,
    { from: beforeCalibration, clicks: CALIBRATION_CLICKS },
    { timeout: 60_000 },
  );
  await page.evaluate(
    ({ from, clicks }) => {
      const kit = window as unknown as KitWindow;
      for (const click of kit.__starts.slice(from, from + clicks)) kit.__kit.strikeAt(click.when + 0.023, 38);
    },
    { from: beforeCalibration, clicks: CALIBRATION_CLICKS },
  );
  await expect(page.getByText('Your setup adds 23 ms; it is taken off every hit.')).toBeVisible({
    timeout: 30_000,
  });
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
      time: firstNote + pass * passSeconds + (note.step / notation.subdivision) * beat + 0.023 + 0.015,
      note: GM_NOTE[note.voice],
    })),
  ).flat();
  const struckBefore = await page.evaluate(() => (window as unknown as KitWindow).__kit.strikes);
  await page.evaluate((list) => {
    for (const strike of list) (window as unknown as KitWindow).__kit.strikeAt(strike.time, strike.note);
  }, strikes);
  await audioClockReaches(page, firstNote + passes * passSeconds + 0.2);
  await kitHasStruck(page, struckBefore + passes * notation.notes.length);
  await page.getByRole('button', { name: 'Stop pattern' }).click();
  const summary = page.getByRole('region', { name: 'Your take' });
  await expect(summary.getByText('15 ms late', { exact: true })).toBeVisible();
  const accuracy = Number((await summary.locator('dd').first().innerText()).replace(' %', ''));
  expect(accuracy).toBeGreaterThanOrEqual(90);

  await walkToCard(page, { from: exerciseIndex, to: exerciseIndex + 1, total: firstLessons.length });

  // Its next start: one step (4.5 %, whole bpm) above the tempo played well, with the take as the reason.
  const planAnswer = await request.get(`/api/lesson/tempo-plan?lessonId=${lessonId}`, { headers: auth });
  const plan = (await planAnswer.json()) as TempoPlan;
  expect(plan).toMatchObject({
    lessonId,
    startBpm: bpm + Math.max(1, Math.round(bpm * 0.045)),
    basis: { kind: 'takes', bpm, accuracy, takes: 1, ratedTooHard: false },
  });

  // The day it returns: the spaced-return rule for this one play (its take, rated as the card suggested).
  const returnDays = returnIntervalDays(
    {
      plays: [{ playId: null, at: new Date().toISOString(), takes: [{ bpm, accuracy }], rated: true }],
      bestWellBpm: bpm,
    },
    { lastRating: suggestedRating(accuracy) },
  );
  expect(returnDays).toBeGreaterThan(0);
  const moved = await request.post('/api/test/clock', { data: { advanceDays: returnDays } });
  expect(moved.status(), await moved.text()).toBe(200);

  // Scheduled again that day, its card starts at the higher tempo and says why.
  const laterLessons = await scheduleTiming(page);
  const returnIndex = laterLessons.findIndex((lesson) => lesson.lesson_id === lessonId);
  expect(returnIndex, 'the lesson played well is back on its return day').toBeGreaterThanOrEqual(0);
  await walkToCard(page, { to: returnIndex, total: laterLessons.length });
  await expect(
    page.getByRole('heading', { level: 2, name: firstLessons[exerciseIndex]!.name }),
  ).toBeVisible();
  const card = page.locator('.lesson-card');
  await expect(card.getByText(`Start tempo: ${plan.startBpm} bpm`)).toBeVisible();
  await expect(
    card.getByText(`Last time ${accuracy} % at ${bpm} bpm, today ${plan.startBpm} bpm`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('Metronome (BPM)')).toHaveValue(String(plan.startBpm));
  await page.screenshot({ path: 'test-results/learning-plan/card-higher-tempo.png', fullPage: true });

  // Every note 15 ms late: a steady lag said once when the lesson plays two positions of 10 strokes or
  // more (`steadyLag`), else the busiest voice's weak spot, in a drummer's words.
  const positionsPlayed = [...perPass.values()].filter(
    (perPassCount) => perPassCount * passes >= POSITION_STROKES,
  ).length;
  await page.goto('/stats-and-progress');
  await expect(page.getByRole('heading', { name: 'Weak spots' })).toBeVisible();
  const spots = page.getByTestId('weak-spot');
  await expect(spots.first()).toContainText(
    positionsPlayed >= 2
      ? /^You play 15 ms late everywhere: lean back, or calibrate again if your setup changed/
      : /^Your .+ on (the beat|the '(e|&|a|trip|let)'( of \d+)?|\d+) drags 15 ms/,
  );
  await expect(spots.first()).toContainText('new this month');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/learning-plan/stats-weak-spots.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: 'test-results/learning-plan/stats-weak-spots-375.png', fullPage: true });
});
