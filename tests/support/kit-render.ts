/**
 * Offline renders of the practice room's sound in real Chromium: the page
 * (app-web/.../practice-room/kit-render-page.ts) is bundled by esbuild and served with the committed
 * acoustic kit; each render plays planned sounds through the room's own bus, limiter and kits in an
 * OfflineAudioContext. Used by the kit's render journey (tests/e2e) and its benchmark.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import {
  advanceSequence,
  startSequence,
  type ClickSound,
  type Notation,
  type PlannedSound,
  type PracticeProgram,
  type TimedSound,
  type Voice,
} from '@stickwork/domain';
import type {
  KitLoad,
  KitRenderApi,
  RenderRequest,
  RenderResult,
} from '../../app-web/src/features/practice/practice-room/kit-render-types.js';
import { DEFAULT_SOUND } from '../../app-web/src/features/practice/practice-room/sound-mix.js';
import { bundleForBrowser } from './browser-bundle.js';
import { AUTOPLAY, chromiumLaunchOptions } from './chromium.js';

export type { KitLoad, RenderRequest, RenderResult };
export type { KitSound } from '../../app-web/src/features/practice/practice-room/sound-mix.js';
export { DEFAULT_SOUND };

type RenderWindow = Window & { kitRender: KitRenderApi };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const roomDir = path.join(root, 'app-web/src/features/practice/practice-room');
export const KIT_FILE = path.join(roomDir, 'acoustic-kit/acoustic-kit.mp3');
const ORIGIN = 'http://kit-render.test';

export interface KitRenderer {
  page: Page;
  load: () => Promise<KitLoad>;
  render: (request: RenderRequest) => Promise<RenderResult>;
  close: () => Promise<void>;
}

export const openKitRenderer = async (browser?: Browser): Promise<KitRenderer> => {
  const bundle = await bundleForBrowser(path.join(roomDir, 'kit-render-page.ts'));
  const ownBrowser = browser ? null : await chromium.launch(chromiumLaunchOptions(AUTOPLAY));
  const context = await (browser ?? ownBrowser!).newContext();
  const page = await context.newPage();
  await page.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/render.js') return route.fulfill({ contentType: 'text/javascript', body: bundle });
    if (pathname === '/acoustic-kit.mp3')
      return route.fulfill({ contentType: 'audio/mpeg', body: fs.readFileSync(KIT_FILE) });
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>kit render</title><script type="module" src="/render.js"></script>',
    });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => typeof (window as unknown as RenderWindow).kitRender === 'object');
  return {
    page,
    load: () => page.evaluate(() => (window as unknown as RenderWindow).kitRender.load('/acoustic-kit.mp3')),
    render: (request) =>
      page.evaluate((body) => (window as unknown as RenderWindow).kitRender.render(body), request),
    close: async () => {
      await context.close();
      await ownBrowser?.close();
    },
  };
};

/** A pattern run as the practice room plays it (click on the beat, accent on one, no count-in). */
export const patternProgram = (notation: Notation, click = true): PracticeProgram => ({
  notation,
  pattern: 'audible',
  click: { enabled: click, subdivision: 1, accentFirstBeat: true },
  countIn: false,
  gap: null,
  trainer: null,
});

/** Every sound of `passes` passes of the pattern from `start` (seconds), as the engine plans them. */
export const programSounds = (
  program: PracticeProgram,
  bpm: number,
  start: number,
  passes = 1,
): TimedSound[] => {
  const notation = program.notation!;
  const seconds = (passes * notation.bars * notation.timeSignature.beats * 60) / bpm;
  return advanceSequence(startSequence(start, program, bpm), program, bpm, start + seconds - 1e-9).sounds;
};

/** Every level at its fullest: the loudest the room can be. */
export const LOUDEST_SOUND = { volume: 1, mix: { ...DEFAULT_SOUND.mix, kit: 1, click: 1, own: 1 } };

/** One drum stroke as the sequencer plans it. */
export const drumSound = (voice: Voice, velocity: number): PlannedSound => ({
  kind: 'drum',
  voice,
  velocity,
  step: 0,
  grace: false,
});
export const clickSound = (click: ClickSound): PlannedSound => ({ kind: 'click', click });
