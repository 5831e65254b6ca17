import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium (Playwright cannot download its own browsers here) with the flags a headless
 * run on these machines needs. Journeys and benchmarks that need more (audio without a gesture, a
 * fake microphone) add their flags to these.
 *
 * Headless runs use Debian's `chromium-headless-shell`: the same Chromium release, as the old
 * headless shell Playwright itself uses for headless runs. The full browser in headless mode ran
 * the layout journeys with 60 % more CPU (288 s against 180 s, the same journeys, passing), which
 * the 2-core CI machine pays in minutes. `STICKWORK_E2E_BROWSER` picks another binary, e.g.
 * `/usr/bin/chromium` to watch a journey with `--headed`.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const chromiumLaunchOptions = (...extraArgs: string[]): LaunchOptions => ({
  executablePath: process.env.STICKWORK_E2E_BROWSER ?? HEADLESS_SHELL,
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
