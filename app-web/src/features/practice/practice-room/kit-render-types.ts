/*
 * What the offline render page (kit-render-page.ts) is asked and answers, shared with the tests that
 * drive it (tests/support/kit-render.ts). Only a type import of the mix: the tests' Node-style module
 * resolution reads this file and sound-mix.ts, not the rest of app-web's sources.
 */
import type { PlannedSound } from '@stickwork/domain';
import type { SoundMix } from './sound-mix.js';

export interface RenderRequest {
  sounds: { time: number; sound: PlannedSound }[];
  seconds: number;
  volume: number;
  mix: SoundMix;
  rimShots: boolean;
  /** Windows [from, to) in seconds to measure: their peak (dBFS) and where their attack starts. */
  windows?: [number, number][];
}

export interface RenderResult {
  peakDb: number;
  windows: { peakDb: number; rmsDb: number; attack: number }[];
}

export interface KitLoad {
  bytes: number;
  decodeMs: number;
  /** The decoded buffer's size in memory. */
  decodedBytes: number;
  seconds: number;
}

/** What the page puts on `window.kitRender`. */
export interface KitRenderApi {
  load: (url: string) => Promise<KitLoad>;
  render: (request: RenderRequest) => Promise<RenderResult>;
}
