import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LaunchOptions } from '@playwright/test';
import { pcm16MonoWav } from '../../scripts/lib/wav.mjs';
import { AUTOPLAY, chromiumLaunchOptions } from './chromium.js';

/** Chromium whose audio plays without a gesture and whose microphone plays `wav`, over and over. */
export const fakeMicrophoneLaunchOptions = (wav: string): LaunchOptions =>
  chromiumLaunchOptions(
    AUTOPLAY,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
  );

/**
 * 60 s of a practice pad's clicks (1.5 kHz, decaying over 4 ms, 30 ms long), one every
 * `everySeconds`, each with the peak (of 32,767) `peakOf` gives its index; written to the temporary
 * folder as `name`, whose path it returns.
 */
export const padClicksWav = (
  name: string,
  everySeconds: number,
  peakOf: (stroke: number) => number,
): string => {
  const rate = 48_000;
  const samples = new Int16Array(rate * 60);
  const every = Math.round(everySeconds * rate);
  for (let stroke = 0; stroke * every < samples.length; stroke++) {
    const peak = peakOf(stroke);
    for (let i = 0; i < 0.03 * rate && stroke * every + i < samples.length; i++)
      samples[stroke * every + i] = Math.round(
        peak * Math.exp(-i / (0.004 * rate)) * Math.cos((2 * Math.PI * 1500 * i) / rate),
      );
  }
  const file = join(tmpdir(), name);
  writeFileSync(file, pcm16MonoWav(samples, rate));
  return file;
};
