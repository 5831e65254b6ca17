import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium (Playwright cannot download its own browsers here) with the flags a headless
 * run on these machines needs. Journeys and benchmarks that need more (audio without a gesture, a
 * fake microphone) add their flags to these.
 */
export const chromiumLaunchOptions = (...extraArgs: string[]): LaunchOptions => ({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...extraArgs,
  ],
});

/** Web Audio starts without a click (the practice room's journeys and the metronome benchmark). */
export const AUTOPLAY = '--autoplay-policy=no-user-gesture-required';
