import kitUrl from './acoustic-kit/acoustic-kit.mp3';
import { sampleKitOf, type SampleKit } from './sampled-kit';

/** The kit's sample rate (make-kit.mjs renders at 44.1 kHz): decoded at it, it is not resampled twice. */
const SAMPLE_RATE = 44_100;

let loading: Promise<SampleKit> | null = null;

/**
 * The sampled acoustic kit, fetched and decoded once per page: the first lesson card that opens starts
 * it, the next cards share it. Decoded by an OfflineAudioContext, so it is ready before the drummer's
 * first Play makes the card's AudioContext; the service worker keeps the file for offline practice.
 * A failure (offline before it was ever fetched) is forgotten, so the next card tries again.
 */
export const loadAcousticKit = (): Promise<SampleKit> => {
  loading ??= (async () => {
    const response = await fetch(kitUrl);
    if (!response.ok) throw new Error(`The drum kit could not be loaded (${response.status}).`);
    const bytes = await response.arrayBuffer();
    const decoder = new OfflineAudioContext(1, 1, SAMPLE_RATE);
    return sampleKitOf(await decoder.decodeAudioData(bytes));
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
};
