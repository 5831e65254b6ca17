import { InputUnavailable } from './input-problems';
import onsetWorkletUrl from './onset-worklet?worker&url';

export interface MicrophoneSession {
  /** The microphone's stream (listen-back records takes from it). */
  stream: MediaStream;
  setSensitivity(sensitivity: number): void;
  /** Hears every stroke (the highest sensitivity), measuring loudness from the next stroke on. */
  listenForSoftStrokes(): void;
  close(): void;
}

/** A stroke's loudness as the detector's sensitivity judges it, and the loudest stroke's, dB. */
export interface StrokeLoudness {
  levelDb: number;
  loudestDb: number;
}

/**
 * Listens to the microphone for strokes on a pad or a drum: each onset arrives as a time on `context`'s
 * clock (the worklet counts the context's own frames), with its loudness. Raw signal: echo cancellation, noise suppression
 * and gain control would smear the attacks.
 */
export async function openMicrophone(
  context: AudioContext,
  options: {
    sensitivity: number;
    onOnset: (contextTime: number, loudness: StrokeLoudness) => void;
    onGone: () => void;
  },
  media: MediaDevices | undefined = navigator.mediaDevices,
): Promise<MicrophoneSession> {
  if (!media?.getUserMedia) throw new InputUnavailable('microphone-missing');
  let stream: MediaStream;
  try {
    stream = await media.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    throw new InputUnavailable(
      name === 'NotAllowedError' || name === 'SecurityError' ? 'microphone-denied' : 'microphone-missing',
    );
  }
  await context.audioWorklet.addModule(onsetWorkletUrl);
  const source = context.createMediaStreamSource(stream);
  const detector = new AudioWorkletNode(context, 'stickwork-onsets', {
    numberOfOutputs: 0,
    processorOptions: { sensitivity: options.sensitivity },
  });
  detector.port.onmessage = (event: MessageEvent<{ frame: number } & StrokeLoudness>) =>
    options.onOnset(event.data.frame / context.sampleRate, {
      levelDb: event.data.levelDb,
      loudestDb: event.data.loudestDb,
    });
  source.connect(detector);
  const [track] = stream.getAudioTracks();
  track?.addEventListener('ended', options.onGone);
  return {
    stream,
    setSensitivity: (sensitivity) => detector.port.postMessage({ sensitivity }),
    listenForSoftStrokes: () => detector.port.postMessage({ sensitivity: 1, forgetLoudest: true }),
    close() {
      track?.removeEventListener('ended', options.onGone);
      detector.port.onmessage = null;
      source.disconnect();
      detector.disconnect();
      for (const each of stream.getTracks()) each.stop();
    },
  };
}
