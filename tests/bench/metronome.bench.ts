/**
 * The metronome on the audio clock, in real Chromium: 120 bpm sixteenths for 30 s while the
 * main thread is blocked by a 150 ms busy loop every 500 ms. Every `AudioScheduledSourceNode.start(when)`
 * is recorded (a `start()` without `when` counts at the context's currentTime, when it plays); the
 * report gives the maximum deviation of the clicks from the ideal grid (first click + n × 125 ms), how
 * many clicks were expected and how many came, and how many were started after their time had passed.
 * Two metronomes run the same way: the lesson card's former setInterval metronome and
 * the practice room's look-ahead engine (app-web/src/features/practice/practice-room/audio-engine.ts).
 * Needs Debian's Chromium headless shell (tests/support/chromium.ts; BENCH_METRONOME_SECONDS shortens the run).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { RECORD_AUDIO, type RecordedStart, type RecordingWindow } from '../support/audio-recorder.js';
import { bundleForBrowser as bundle } from '../support/browser-bundle.js';
import { AUTOPLAY, chromiumLaunchOptions } from '../support/chromium.js';
import type { BenchReport } from './bench.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const SECONDS = Number(process.env.BENCH_METRONOME_SECONDS ?? 30);
const INTERVAL = 60 / 120 / 4;
const ORIGIN = 'http://metronome.bench';

interface MetronomeRun {
  clicksExpected: number;
  clicksGot: number;
  clicksMissing: number;
  maxDeviationMs: number;
  meanDeviationMs: number;
  startedLate: number;
  maxLatenessMs: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Clicks against the grid of the first one, over SECONDS seconds. */
const analyse = (starts: RecordedStart[]): MetronomeRun => {
  const clicks = starts
    .filter((start) => start.kind === 'OscillatorNode')
    .map((start) => ({ ...start, at: start.when === 0 ? start.now : start.when }));
  const first = clicks[0]?.at ?? 0;
  const inRun = clicks
    .filter((click) => click.at < first + SECONDS - INTERVAL / 2)
    .sort((a, b) => a.at - b.at);
  const expected = Math.round(SECONDS / INTERVAL);
  const deviations = inRun.map((click) => {
    const n = Math.round((click.at - first) / INTERVAL);
    return Math.abs(click.at - (first + n * INTERVAL));
  });
  const slots = new Set(inRun.map((click) => Math.round((click.at - first) / INTERVAL)));
  const late = inRun.filter((click) => click.when !== 0 && click.when < click.now);
  return {
    clicksExpected: expected,
    clicksGot: inRun.length,
    clicksMissing: Array.from({ length: expected }, (_, n) => n).filter((n) => !slots.has(n)).length,
    maxDeviationMs: round(Math.max(0, ...deviations) * 1000),
    meanDeviationMs: round(
      (deviations.reduce((sum, value) => sum + value, 0) / Math.max(1, deviations.length)) * 1000,
    ),
    startedLate: late.length,
    maxLatenessMs: round(Math.max(0, ...late.map((click) => click.now - click.when)) * 1000),
  };
};

/** What the bench page puts on window (see metronome-bench-page.ts) and the recorder. */
type BenchWindow = RecordingWindow & {
  benchStart: (kind: 'setInterval' | 'lookAhead') => void;
  benchStop: () => void;
};

export const run = async (): Promise<BenchReport> => {
  const page = await bundle(
    path.join(root, 'app-web/src/features/practice/practice-room/metronome-bench-page.ts'),
  );
  const worker = await bundle(
    path.join(root, 'app-web/src/features/practice/practice-room/look-ahead.worker.ts'),
  );
  const browser = await chromium.launch(chromiumLaunchOptions(AUTOPLAY));
  const runs: Record<string, MetronomeRun> = {};
  try {
    for (const kind of ['setInterval', 'lookAhead'] as const) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.addInitScript(RECORD_AUDIO);
      await tab.route(`${ORIGIN}/**`, (route) => {
        const url = new URL(route.request().url());
        if (url.pathname === '/engine.js')
          return route.fulfill({ contentType: 'text/javascript', body: page });
        if (url.pathname.endsWith('.worker.ts'))
          return route.fulfill({ contentType: 'text/javascript', body: worker });
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>metronome bench</title><script type="module" src="/engine.js"></script>',
        });
      });
      await tab.goto(`${ORIGIN}/`);
      await tab.waitForFunction(() => typeof (window as unknown as BenchWindow).benchStart === 'function');
      await tab.evaluate((which) => (window as unknown as BenchWindow).benchStart(which), kind);
      // Until the audio clock (not the wall clock: a loaded machine may run it slower) is past the run.
      await tab.waitForFunction(
        (seconds) => {
          const bench = window as unknown as BenchWindow;
          const first = bench.__starts[0];
          const context = bench.__contexts.at(-1);
          return (
            first !== undefined &&
            context !== undefined &&
            context.currentTime > (first.when || first.now) + seconds + 0.5
          );
        },
        SECONDS,
        { timeout: (SECONDS * 3 + 30) * 1000, polling: 250 },
      );
      const starts = await tab.evaluate(() => {
        const bench = window as unknown as BenchWindow;
        bench.benchStop();
        return bench.__starts;
      });
      runs[kind] = analyse(starts);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const line = (name: string, result: MetronomeRun) =>
    `${name}: max deviation ${result.maxDeviationMs} ms (mean ${result.meanDeviationMs} ms), clicks ${result.clicksGot}/${result.clicksExpected} (${result.clicksMissing} missing), ${result.startedLate} started late (worst ${result.maxLatenessMs} ms)`;
  return {
    summary: [
      `120 bpm sixteenths for ${SECONDS} s, main thread blocked 150 ms every 500 ms`,
      line('before (setInterval)', runs.setInterval!),
      line('after (look-ahead engine)', runs.lookAhead!),
    ],
    results: {
      seconds: SECONDS,
      bpm: 120,
      subdivision: 4,
      blockMs: 150,
      blockEveryMs: 500,
      before: runs.setInterval,
      after: runs.lookAhead,
    },
  };
};
