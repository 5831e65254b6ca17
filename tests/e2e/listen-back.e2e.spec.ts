import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { recordedStarts, type RecordingWindow } from '../support/audio-recorder.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test } from '../support/clean-console.js';
import { fakeMicrophoneLaunchOptions } from '../support/fake-microphone.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';
import { openLessonCard, prepareLessonCardPage, setTempo } from '../support/lesson-card.js';

/**
 * Hear yourself: with the microphone coach on, a take is recorded on the device, played back with the
 * notation lit and each stroke's offset shown, kept across a reload, and deleted with one control.
 * Chromium's fake microphone plays a real drummer's rock groove on a sampled kit (domain's recorded
 * fixture), looped.
 */
const GROOVE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../domain/src/timing/testing/recorded/rock-groove.wav',
);

test.use({ launchOptions: fakeMicrophoneLaunchOptions(GROOVE) });

const NOTE =
  'With the microphone on, each take of the pattern is recorded so you can hear it back with the music. Recordings stay on this device and are never uploaded; the last 3 takes of each lesson are kept.';

/** The recorded takes the device holds, read from IndexedDB as the app keeps them. */
const storedTakes = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('stickwork-listen-back');
        open.onerror = () => reject(new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('takes')) return resolve(0);
          const count = db.transaction('takes').objectStore('takes').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      }),
  );

/**
 * How far the recording's strokes sit from where the kept take places them: for each stroke, where the
 * recorded sound rises (a tenth of the loudest sample within 80 ms either side), less the stroke's
 * place; the median over the take's strokes, in ms.
 */
const alignmentMs = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('stickwork-listen-back');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error('IndexedDB did not open'));
    });
    const take = await new Promise<{ audio: Blob; strokes: { at: number }[] }>((resolve) => {
      const all = db.transaction('takes').objectStore('takes').getAll();
      all.onsuccess = () => resolve(all.result[0]);
    });
    db.close();
    const decoder = new OfflineAudioContext(1, 1, 48_000);
    const audio = await decoder.decodeAudioData(await take.audio.arrayBuffer());
    const samples = audio.getChannelData(0);
    const rate = audio.sampleRate;
    const offsets = take.strokes.flatMap(({ at }) => {
      const from = Math.max(0, Math.round((at - 0.08) * rate));
      const to = Math.min(samples.length, Math.round((at + 0.08) * rate));
      if (to - from < rate * 0.1) return [];
      let peak = 0;
      for (let index = from; index < to; index++) peak = Math.max(peak, Math.abs(samples[index]!));
      let rise = from;
      while (rise < to && Math.abs(samples[rise]!) < peak / 10) rise++;
      return [(rise / rate - at) * 1000];
    });
    offsets.sort((a, b) => a - b);
    return { strokes: offsets.length, medianMs: offsets[Math.floor(offsets.length / 2)] ?? NaN };
  });

const audioNow = (page: Page) =>
  page.evaluate(() => (window as unknown as RecordingWindow).__contexts.at(-1)!.currentTime);

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width} px: record a take with the microphone, hear it back with the notation lit, delete it (also after a reload)`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    testInfo.setTimeout(150_000); // real audio time: a count-in, a few bars, the take played back
    await page.setViewportSize(viewport);
    await prepareLessonCardPage(context, baseURL!, page);
    await openLessonCard(page, context, request, baseURL!, 'Kenny');
    await page.getByText('Timing coach: score my playing').click();
    await page.getByLabel('Listen to').selectOption('microphone');
    await expect(page.getByText('Listening to the microphone.')).toBeVisible();
    const hearYourself = page.getByRole('region', { name: 'Hear yourself' });
    await expect(hearYourself.getByText(NOTE)).toBeVisible();
    await expect(hearYourself.getByRole('status')).toHaveText('No take of this lesson is recorded yet.');

    await setTempo(page, 120);
    await page.getByRole('button', { name: 'Play pattern' }).click();
    await expect(hearYourself.getByRole('status')).toHaveText('Recording this take…');
    await expect(page.getByText(/^Accuracy so far: \d+ %/)).toBeVisible({ timeout: 30_000 });
    await page.waitForFunction(
      (until) => (window as unknown as RecordingWindow).__contexts.at(-1)!.currentTime >= until,
      (await audioNow(page)) + 4,
    );
    await page.getByRole('button', { name: 'Stop pattern' }).click();
    await expect(page.getByRole('region', { name: 'Your take' })).toBeVisible();

    const takes = hearYourself.getByRole('list', { name: 'Recorded takes of this lesson' });
    await expect(takes.getByRole('listitem')).toHaveCount(1);
    await expect(takes.getByRole('listitem')).toHaveText(/, 120 bpm, \d+ %Play back$/);
    await expect.poll(() => storedTakes(page)).toBe(1);
    // The recorded strokes sound where the kept take places them, so "This stroke: 12 ms late" shows
    // as that stroke sounds (placed by the recorder's start event, they sounded 20-29 ms off:
    // docs/product-behaviour.md). Measured at 1280 and 375 px: median −0.5 to −1.5 ms over 19-21 strokes.
    const alignment = await alignmentMs(page);
    testInfo.annotations.push({
      type: 'recorded strokes against their kept place (median, ms)',
      description: `${alignment.medianMs.toFixed(1)} ms over ${alignment.strokes} strokes`,
    });
    expect(alignment.strokes).toBeGreaterThanOrEqual(16);
    expect(Math.abs(alignment.medianMs)).toBeLessThanOrEqual(2);
    await expect(hearYourself.getByLabel('Click with the playback')).toBeChecked();

    // Played back: the recording starts on one buffer source, the clicks with it (no drum plays).
    const before = (await recordedStarts(page)).length;
    await takes.getByRole('button', { name: /^Play back the take of / }).click();
    await expect(takes.getByRole('button', { name: /^Stop the take of / })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect
      .poll(async () => (await recordedStarts(page)).slice(before).map((start) => start.kind))
      .toContain('AudioBufferSourceNode');
    const started = (await recordedStarts(page)).slice(before);
    expect(started.filter((start) => start.kind === 'AudioBufferSourceNode')).toHaveLength(1);
    expect(started.filter((start) => start.kind === 'OscillatorNode').length).toBeGreaterThan(4);
    // The notation lights while the take plays back, with the transport stopped.
    await expect(page.locator('.notation__music .is-sounding').first()).toBeAttached({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Play pattern' })).toBeVisible();
    // Each stroke's offset as the coach judged it, as it sounds.
    await expect(
      hearYourself.getByText(/^This stroke: (\d+ ms (early|late)|on the beat|extra stroke)$/),
    ).toBeVisible({
      timeout: 15_000,
    });
    await page.screenshot({
      path: testInfo.outputPath(`listen-back-${viewport.width}.png`),
      fullPage: false,
    });
    await hearYourself.screenshot({ path: testInfo.outputPath(`listen-back-panel-${viewport.width}.png`) });
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    // It plays out by itself: the button turns back, the notation goes dark.
    await expect(takes.getByRole('button', { name: /^Play back the take of / })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('.notation__music .is-sounding')).toHaveCount(0);

    // Kept on the device: after a reload the lesson still has its take (the microphone now off).
    await page.reload();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(hearYourself.getByRole('listitem')).toHaveCount(1);

    // One control deletes every recording, and they stay gone after a reload.
    await hearYourself.getByRole('button', { name: 'Delete all my recordings' }).click();
    await expect(hearYourself.getByRole('status')).toHaveText(
      'Your recordings are deleted from this device.',
    );
    await expect(hearYourself.getByRole('listitem')).toHaveCount(0);
    await expect.poll(() => storedTakes(page)).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByLabel('Metronome (BPM)')).toBeVisible();
    await expect(hearYourself).toHaveCount(0);
    expect(await storedTakes(page)).toBe(0);
  });
}
