/**
 * Not part of the app: the page tests/support/kit-render.ts bundles and loads in Chromium (it lives here
 * so it is type-checked with the code it drives). It renders planned sounds offline
 * (OfflineAudioContext) through the practice room's own bus, limiter, synthesised and sampled kits,
 * and measures the result: peaks, the level of chosen windows, and where a sound's attack begins.
 */
import { kitVoicesOn, playPlanned } from './kit-sound';
import type { KitLoad, KitRenderApi, RenderRequest, RenderResult } from './kit-render-types';
import { sampleKitOf, type SampleKit } from './sampled-kit';
import { createSoundBus } from './sound-bus';

const RENDER_SAMPLE_RATE = 48_000;

const db = (value: number) => 20 * Math.log10(Math.max(value, 1e-10));

let kit: SampleKit | null = null;

const load = async (url: string): Promise<KitLoad> => {
  const bytes = await (await fetch(url)).arrayBuffer();
  const size = bytes.byteLength;
  const started = performance.now();
  const buffer = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(bytes);
  kit = sampleKitOf(buffer);
  return {
    bytes: size,
    decodeMs: performance.now() - started,
    decodedBytes: buffer.length * buffer.numberOfChannels * 4,
    seconds: buffer.duration,
  };
};

const render = async (request: RenderRequest): Promise<RenderResult> => {
  const context = new OfflineAudioContext(
    1,
    Math.ceil(request.seconds * RENDER_SAMPLE_RATE),
    RENDER_SAMPLE_RATE,
  );
  const bus = createSoundBus(context, { volume: request.volume, ...request.mix });
  const track = (source: AudioScheduledSourceNode, stopAt: number) => source.stop(stopAt);
  const voices = kitVoicesOn(context, bus, track, kit, request.mix, request.rimShots);
  for (const { time, sound } of request.sounds) playPlanned(voices, sound, time);
  const samples = (await context.startRendering()).getChannelData(0);
  let peak = 0;
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  const windows = (request.windows ?? []).map(([from, to]) => {
    const start = Math.round(from * RENDER_SAMPLE_RATE);
    const end = Math.min(samples.length, Math.round(to * RENDER_SAMPLE_RATE));
    let top = 0;
    let energy = 0;
    for (let index = start; index < end; index++) {
      top = Math.max(top, Math.abs(samples[index]!));
      energy += samples[index]! ** 2;
    }
    let attack = start;
    while (attack < end && Math.abs(samples[attack]!) < top / 10) attack++;
    return {
      peakDb: db(top),
      rmsDb: db(Math.sqrt(energy / Math.max(1, end - start))),
      attack: attack / RENDER_SAMPLE_RATE,
    };
  });
  return { peakDb: db(peak), windows };
};

declare global {
  interface Window {
    kitRender: KitRenderApi;
  }
}

window.kitRender = { load, render };
