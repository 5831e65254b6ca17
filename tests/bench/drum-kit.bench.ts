/**
 * The practice room's sound, rendered offline in Chromium's headless shell (tests/support/kit-render.ts): the
 * acoustic kit's bytes, decode time (median of 5) and decoded size in memory; the peaks of beat 1 of a
 * rock groove and of an accented kick with a crash and the click at the default levels, the pad
 * against the click, and accent / normal / ghost levels of kick, snare and hi-hat, on both kits. And the
 * landing page's JavaScript (as web.bench.ts counts it) against the build before the kit: none of its
 * scripts holds the kit (it loads with the lesson card's practice room), its bytes beside the figure
 * measured once on the commit before the kit. Needs a build (`npm run build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { NOTE_VELOCITY, type PlannedSound } from '@stickwork/domain';
import {
  clickSound,
  DEFAULT_SOUND,
  drumSound,
  openKitRenderer,
  type KitLoad,
  type KitSound,
} from '../support/kit-render.js';
import type { BenchReport } from './bench.js';
import { root } from './bench-server.js';
import { landingBytes, landingScripts } from './web.bench.js';

/**
 * The landing page's JavaScript on d2c3005, the commit before a5fa6f7 added the kit: built there with
 * `vite build` and counted by landingBytes (measured once; the build of that commit is not kept). The same
 * six scripts today differ by a few bytes: the hashed names they import each other by.
 */
const BEFORE_KIT = { commit: 'd2c3005', scripts: 6, raw: 461_482, gzip: 148_256, brotli: 128_863 };

/** The landing page's scripts now, and whether any of them names the kit's file or its loader. */
const landingJavaScript = () => {
  const dist = path.join(root, 'app-web/dist');
  const holdingKit = landingScripts(dist).filter((file) =>
    /acoustic-kit|sampled-kit/.test(fs.readFileSync(path.join(dist, file), 'utf8')),
  );
  return { ...landingBytes(dist), holdingKit };
};

const DECODES = 5;

const round = (value: number) => Math.round(value * 10) / 10;

export const run = async (): Promise<BenchReport> => {
  const renderer = await openKitRenderer();
  try {
    const loads: KitLoad[] = [];
    for (let decode = 0; decode < DECODES; decode++) loads.push(await renderer.load());
    const decodeMs = loads.map((load) => load.decodeMs).sort((a, b) => a - b);
    const peak = async (sounds: PlannedSound[], kitSound: KitSound) =>
      round(
        (
          await renderer.render({
            sounds: sounds.map((sound) => ({ time: 0.1, sound })),
            seconds: 3,
            volume: DEFAULT_SOUND.volume,
            mix: { ...DEFAULT_SOUND.mix, kitSound },
            rimShots: false,
          })
        ).peakDb,
      );
    const kits: Record<string, Record<string, unknown>> = {};
    for (const kitSound of ['acoustic', 'electronic'] as const) {
      const levels: Record<string, number[]> = {};
      for (const voice of ['bass_drum', 'snare', 'hi_hat'] as const) {
        levels[voice] = [];
        for (const velocity of [NOTE_VELOCITY.accent, NOTE_VELOCITY.normal, NOTE_VELOCITY.ghost])
          levels[voice].push(await peak([drumSound(voice, velocity)], kitSound));
      }
      kits[kitSound] = {
        rockBeatOneDb: await peak(
          [
            clickSound('accent'),
            drumSound('bass_drum', NOTE_VELOCITY.normal),
            drumSound('hi_hat', NOTE_VELOCITY.normal),
          ],
          kitSound,
        ),
        accentedKickCrashClickDb: await peak(
          [clickSound('accent'), drumSound('bass_drum', 1), drumSound('crash', 1)],
          kitSound,
        ),
        padNormalDb: await peak([drumSound('pad', NOTE_VELOCITY.normal)], kitSound),
        clickBeatDb: await peak([clickSound('beat')], kitSound),
        clickAccentDb: await peak([clickSound('accent')], kitSound),
        accentNormalGhostDb: levels,
      };
    }
    const kit = loads[0]!;
    const landing = landingJavaScript();
    const growth = (now: number, before: number) => `${now - before >= 0 ? '+' : ''}${now - before}`;
    const line = (name: string) => {
      const figures = kits[name] as Record<string, unknown>;
      return `${name}: rock beat 1 ${String(figures.rockBeatOneDb)} dBFS, accented kick+crash+click ${String(figures.accentedKickCrashClickDb)} dBFS, pad ${String(figures.padNormalDb)} vs beat click ${String(figures.clickBeatDb)} dBFS; accent/normal/ghost ${JSON.stringify(figures.accentNormalGhostDb)}`;
    };
    return {
      summary: [
        `acoustic kit: ${kit.bytes} bytes, ${round(kit.seconds)} s of audio, decoded in ${round(decodeMs[Math.floor(DECODES / 2)]!)} ms (median of ${DECODES}), ${round(kit.decodedBytes / 1e6)} MB decoded`,
        line('acoustic'),
        line('electronic'),
        `landing page JavaScript: ${landing.gzip} B gzip, ${landing.raw} B raw in ${landing.scripts} files (before the kit, ${BEFORE_KIT.commit}: ${BEFORE_KIT.gzip} B gzip, ${BEFORE_KIT.raw} B raw, ${growth(landing.gzip, BEFORE_KIT.gzip)} B gzip); scripts holding the kit: ${landing.holdingKit.length === 0 ? 'none' : landing.holdingKit.join(', ')}`,
      ],
      results: {
        kitBytes: kit.bytes,
        kitSeconds: kit.seconds,
        decodeMs,
        decodedBytes: kit.decodedBytes,
        defaultVolume: DEFAULT_SOUND.volume,
        defaultMix: DEFAULT_SOUND.mix,
        kits,
        landingJavaScript: { now: landing, beforeKit: BEFORE_KIT },
      },
    };
  } finally {
    await renderer.close();
  }
};
