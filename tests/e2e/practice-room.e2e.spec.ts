import type { Page } from '@playwright/test';
import {
  pageTimePasses,
  recordedStartCount as startCount,
  recordedStarts as starts,
  type RecordingWindow,
} from '../support/audio-recorder.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test } from '../support/clean-console.js';
import { AUTOPLAY, chromiumLaunchOptions } from '../support/chromium.js';
import { openLessonCard, prepareLessonCardPage, setTempo } from '../support/lesson-card.js';

/**
 * The practice room on the lesson card (the audio half): every source the page starts is
 * recorded (AudioScheduledSourceNode.prototype.start) with its `when`, so the journeys check what
 * sounds and when on the audio clock, not only what the buttons say.
 */
test.use({ launchOptions: chromiumLaunchOptions(AUTOPLAY) });

type AudioWindow = RecordingWindow;

/** Waits until the page's audio clock has moved on by `seconds` (the sounds of that time are then scheduled). */
const audioTimePasses = async (page: Page, seconds: number) => {
  const from = await page.evaluate(
    () => (window as unknown as AudioWindow).__contexts.at(-1)?.currentTime ?? 0,
  );
  await page.waitForFunction(
    (until) => ((window as unknown as AudioWindow).__contexts.at(-1)?.currentTime ?? 0) >= until,
    from + seconds,
    { timeout: 20_000 + seconds * 2000 },
  );
};

const room = (page: Page) => page.getByRole('region', { name: 'Practice room' });
/** The card's compact transport says where the run is (the music's own beat strip may say it too). */
const transport = (page: Page) => page.getByRole('group', { name: 'Transport' });
const openSettings = async (page: Page) => {
  const summary = page.getByText('Metronome settings');
  if ((await page.locator('details.practice-room__options').getAttribute('open')) === null)
    await summary.click();
};

const noHorizontalScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

test.beforeEach(async ({ context, baseURL, page }, testInfo) => {
  // These journeys wait for real audio time (count-ins, trainer bars, gap bars): more than 30 s when loaded.
  testInfo.setTimeout(90_000);
  await prepareLessonCardPage(context, baseURL!, page);
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('metronome on the beat grid, the pattern after a count-in, nothing after stop or unmount; axe; screenshot', async ({
      page,
      context,
      request,
      baseURL,
    }, testInfo) => {
      await openLessonCard(page, context, request, baseURL!);
      await noHorizontalScroll(page);

      // The metronome alone: clicks (one oscillator each) exactly one beat apart, 1 s at 60 bpm.
      await setTempo(page, 60);
      await page.getByRole('button', { name: 'Start metronome' }).click();
      await expect(page.getByRole('button', { name: 'Pause metronome' })).toBeVisible();
      await audioTimePasses(page, 3.5);
      const clicks = await starts(page);
      expect(clicks.length).toBeGreaterThanOrEqual(4);
      expect(new Set(clicks.map((start) => start.kind))).toEqual(new Set(['OscillatorNode']));
      for (let n = 1; n < clicks.length; n++) expect(clicks[n]!.when - clicks[n - 1]!.when).toBeCloseTo(1, 6);
      // Scheduled ahead of time on the audio clock, never late.
      for (const click of clicks) expect(click.when).toBeGreaterThanOrEqual(click.now);
      const perSecondAlone = (clicks.length - 1) / (clicks.at(-1)!.when - clicks[0]!.when);

      await page.getByRole('button', { name: 'Pause metronome' }).click();
      const afterPause = await startCount(page);
      await pageTimePasses(page, 1000);
      expect(await startCount(page)).toBe(afterPause);

      // The pattern: a bar of count-in clicks first (4 s at 60 bpm, shown as such), then the drums with the click.
      await expect(page.getByRole('button', { name: 'Play pattern' })).toBeEnabled();
      await page.getByRole('button', { name: 'Play pattern' }).click();
      await expect(transport(page).getByText('Count-in', { exact: true })).toBeVisible();
      await expect(transport(page).getByText('Bar 1', { exact: true })).toBeVisible({ timeout: 20_000 });
      await audioTimePasses(page, 3);
      const run = (await starts(page)).slice(afterPause);
      const countInEnd = run[0]!.when + 4;
      const countIn = run.filter((start) => start.when < countInEnd - 0.05);
      expect(countIn.map((start) => start.kind)).toEqual(Array<string>(4).fill('OscillatorNode'));
      for (let n = 1; n < 4; n++) expect(countIn[n]!.when - countIn[n - 1]!.when).toBeCloseTo(1, 6);
      const bars = run.filter((start) => start.when >= countInEnd - 0.05 && start.when < countInEnd + 3);
      expect(bars.length / 3).toBeGreaterThan(perSecondAlone);

      await openSettings(page);
      await expectNoSeriousA11yViolations(page);
      await noHorizontalScroll(page);
      await room(page).screenshot({ path: testInfo.outputPath(`practice-room-${viewport.width}.png`) });
      await page.screenshot({
        path: testInfo.outputPath(`lesson-card-${viewport.width}.png`),
        fullPage: true,
      });

      // Turning the card unmounts the room: the context closes and nothing more is started.
      await page.getByRole('button', { name: 'warmed up' }).click();
      await expect(
        page.getByText("Please evaluate how difficult you've experienced this lesson."),
      ).toBeVisible();
      const afterUnmount = await startCount(page);
      await expect
        .poll(() =>
          page.evaluate(() =>
            (window as unknown as AudioWindow).__contexts.every((audio) => audio.state === 'closed'),
          ),
        )
        .toBe(true);
      await pageTimePasses(page, 1000);
      expect(await startCount(page)).toBe(afterUnmount);
    });
  });
}

test('the speed trainer raises the tempo bar by bar up to its target, and gap bars are silent and shown', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await openLessonCard(page, context, request, baseURL!);
  await setTempo(page, 200);
  await openSettings(page);
  await page.getByLabel('Raise the tempo as I play').check();
  await page.getByLabel('Start (BPM)').fill('200');
  await page.getByLabel('Target (BPM)').fill('220');
  await page.getByLabel('Step (+BPM)').fill('10');
  await page.getByLabel('Every (bars)').fill('2');
  await page.getByLabel('Every (bars)').blur();
  await expect(page.getByText('Speed trainer: now 200 bpm, next 210 bpm at bar 3')).toBeVisible();

  await page.getByRole('button', { name: 'Start metronome' }).click();
  await expect(page.getByText('Speed trainer: now 210 bpm, next 220 bpm at bar 5')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Speed trainer: now 220 bpm, target 220 bpm reached')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByLabel('Metronome (BPM)')).toHaveValue('220');
  await audioTimePasses(page, 1);
  await page.getByRole('button', { name: 'Pause metronome' }).click();
  // A bar of count-in and two bars at 200 bpm (beats 0-11), two bars at 210 (12-19), then 220 and no faster.
  const run = await starts(page);
  expect(run.length).toBeGreaterThanOrEqual(24);
  run.slice(1).forEach((start, beat) => {
    const bpm = beat < 12 ? 200 : beat < 20 ? 210 : 220;
    expect(start.when - run[beat]!.when, `beat ${beat}`).toBeCloseTo(60 / bpm, 6);
  });

  // Gap click: 1 bar with click, 2 silent; the silent bars are shown and no click sounds in them.
  await page.getByLabel('Raise the tempo as I play').uncheck();
  await page.getByLabel('Leave bars silent to test my time').check();
  await page.getByLabel('Bars with click').fill('1');
  await page.getByLabel('Silent bars').fill('2');
  await page.getByLabel('Silent bars').blur();
  const gapBars = page.getByRole('list', { name: 'Gap click bars' });
  await expect(gapBars.getByRole('listitem')).toHaveText(['click', 'silent', 'silent']);
  await setTempo(page, 180);
  const before = await startCount(page);
  await page.getByRole('button', { name: 'Start metronome' }).click();
  await expect(transport(page).getByText('Bar 2: silent, keep time')).toBeVisible({ timeout: 20_000 });
  await expect(gapBars.locator('[aria-current="step"]')).toHaveText('silent');
  await expect(transport(page).getByText('Bar 4', { exact: true })).toBeVisible({ timeout: 20_000 });
  await audioTimePasses(page, 1);
  await page.getByRole('button', { name: 'Pause metronome' }).click();
  const gapRun = (await starts(page)).slice(before);
  // The count-in and bar 1: eight clicks a third of a second apart, then two silent bars (8 beats), then
  // the clicks again.
  for (let n = 1; n < 8; n++) expect(gapRun[n]!.when - gapRun[n - 1]!.when).toBeCloseTo(1 / 3, 6);
  expect(gapRun[8]!.when - gapRun[7]!.when).toBeCloseTo(3, 6);
  await expectNoSeriousA11yViolations(page);
});

test('offline once open; keyboard: Space starts and stops the card, arrows in the tempo field change it (Shift: 5), T taps; settings survive a reload', async ({
  page,
  context,
  request,
  allowConsole,
  baseURL,
}) => {
  await openLessonCard(page, context, request, baseURL!);
  await setTempo(page, 100);
  await page.getByRole('heading', { level: 2 }).first().click();

  // With the network down once the card is open, the room still plays (the pattern too). Only the
  // browser's own favicon request fails meanwhile.
  allowConsole(/ERR_INTERNET_DISCONNECTED @ \S+\/favicon\.svg$/);
  await context.setOffline(true);
  await expect(page.getByRole('button', { name: 'Play pattern' })).toBeEnabled();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Stop pattern' })).toBeVisible();
  await expect.poll(() => startCount(page)).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play pattern' })).toBeVisible();
  await page.getByRole('button', { name: 'Play pattern' }).click();
  await expect(transport(page).getByText('Bar 1', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await starts(page)).some((start) => start.kind === 'AudioBufferSourceNode'))
    .toBe(true);
  await page.getByRole('button', { name: 'Stop pattern' }).click();
  await context.setOffline(false);
  const tempoField = page.getByLabel('Metronome (BPM)');
  await tempoField.press('ArrowUp');
  await expect(tempoField).toHaveValue('101');
  await tempoField.press('Shift+ArrowUp');
  await expect(tempoField).toHaveValue('106');
  await tempoField.press('ArrowDown');
  await expect(tempoField).toHaveValue('105');

  // Three taps 500 ms apart (timed inside the page): about 120 bpm. A loaded machine can only delay a
  // tap, which makes the tapped tempo slower, never faster; anything in 80-121 shows the taps were read.
  await setTempo(page, 200);
  await page.getByRole('heading', { level: 2 }).first().click();
  await page.evaluate(() => {
    const first = performance.now();
    for (let tap = 0; tap < 3; tap++) {
      while (performance.now() < first + tap * 500) {
        // wait for the next tap
      }
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 't', bubbles: true }));
    }
  });
  await expect
    .poll(async () => Number(await page.getByLabel('Metronome (BPM)').inputValue()))
    .toBeLessThanOrEqual(121);
  expect(Number(await page.getByLabel('Metronome (BPM)').inputValue())).toBeGreaterThanOrEqual(80);

  // In the tempo field the keys type instead.
  const tapped = await page.getByLabel('Metronome (BPM)').inputValue();
  await page.getByLabel('Metronome (BPM)').press('t');
  await page.getByLabel('Metronome (BPM)').press('t');
  await page.getByLabel('Metronome (BPM)').press('Space');
  await expect(page.getByRole('button', { name: 'Play pattern' })).toBeVisible();
  await expect(page.getByLabel('Metronome (BPM)')).toHaveValue(tapped);

  await openSettings(page);
  await page.getByLabel('Sixteenths').check();
  await page.getByLabel('Accent on beat one').uncheck();
  await page.getByLabel('Leave bars silent to test my time').check();
  await page.getByLabel('Volume').fill('40');

  await page.reload();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByLabel('Metronome (BPM)')).toBeVisible();
  await openSettings(page);
  await expect(page.getByLabel('Sixteenths')).toBeChecked();
  await expect(page.getByLabel('Accent on beat one')).not.toBeChecked();
  await expect(page.getByLabel('Leave bars silent to test my time')).toBeChecked();
  await expect(page.getByLabel('Volume')).toHaveValue('40');
  // The tempo is the lesson's again.
  const startTempo = await page.getByText(/^Start tempo:/).textContent();
  await expect(page.getByLabel('Metronome (BPM)')).toHaveValue(startTempo!.match(/(\d+) bpm/)![1]!);
});

test('the acoustic kit loads with the lesson card, not the landing page; the mixer is remembered', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const kitRequests: string[] = [];
  page.on('requestfinished', (finished) => {
    if (/\/assets\/acoustic-kit-[\w-]+\.mp3$/.test(new URL(finished.url()).pathname))
      kitRequests.push(finished.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your drumming practice guide' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(kitRequests).toEqual([]);

  await openLessonCard(page, context, request, baseURL!);
  await expect.poll(() => kitRequests.length).toBe(1);
  const kit = await page.request.get(kitRequests[0]!);
  expect(kit.status()).toBe(200);
  expect(kit.headers()['content-type']).toBe('audio/mpeg');

  await openSettings(page);
  const sound = page.getByRole('group', { name: 'Sound' });
  await expect(sound.getByRole('radio')).toHaveCount(3);
  await expect(page.getByLabel('Acoustic kit')).toBeChecked();
  await page.getByLabel('Electronic kit').check();
  await page.getByLabel('Kit level').fill('50');
  await page.getByLabel('Click level').fill('65');
  await expect(page.getByLabel('My playing (takes heard back)')).toHaveValue('80');
  await page.getByLabel('My playing (takes heard back)').fill('35');
  await page.getByLabel('Hi-hat in the pattern (off if you play it with your foot)').uncheck();
  await expectNoSeriousA11yViolations(page);
  await sound.screenshot({ path: testInfo.outputPath('sound-mixer.png') });

  await page.reload();
  await page.getByRole('button', { name: 'Resume' }).click();
  await openSettings(page);
  await expect(page.getByLabel('Electronic kit')).toBeChecked();
  await expect(page.getByLabel('Kit level')).toHaveValue('50');
  await expect(page.getByLabel('Click level')).toHaveValue('65');
  await expect(page.getByLabel('My playing (takes heard back)')).toHaveValue('35');
  await expect(
    page.getByLabel('Hi-hat in the pattern (off if you play it with your foot)'),
  ).not.toBeChecked();
});
