/**
 * The microphone's onset detector on the audio thread: domain's OnsetDetector over each 128-frame block,
 * posting the context frame of every stroke it hears, with its level and the loudest stroke's (dB). Loaded with `audioWorklet.addModule` (bundled by
 * Vite through `?worker&url`).
 */
// The detector alone (its own subpath): the worklet must not carry the rest of domain.
import { OnsetDetector } from '@stickwork/domain/onset-detector';

// The AudioWorkletGlobalScope's names (TypeScript's DOM library does not declare them).
declare const sampleRate: number;
declare const currentFrame: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(
  name: string,
  processor: new (options: { processorOptions?: { sensitivity?: number } }) => AudioWorkletProcessor,
): void;

class OnsetProcessor extends AudioWorkletProcessor {
  private readonly detector: OnsetDetector;

  constructor(options: { processorOptions?: { sensitivity?: number } }) {
    super();
    this.detector = new OnsetDetector({ sampleRate, sensitivity: options.processorOptions?.sensitivity });
    this.port.onmessage = (event: MessageEvent<{ sensitivity?: number; forgetLoudest?: boolean }>) => {
      if (typeof event.data.sensitivity === 'number') this.detector.setSensitivity(event.data.sensitivity);
      if (event.data.forgetLoudest) this.detector.forgetLoudest();
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel)
      for (const frame of this.detector.process(channel, currentFrame))
        this.port.postMessage({
          frame,
          levelDb: this.detector.lastStrokeLevelDb,
          loudestDb: this.detector.loudestStrokeDb,
        });
    return true;
  }
}

registerProcessor('stickwork-onsets', OnsetProcessor);
