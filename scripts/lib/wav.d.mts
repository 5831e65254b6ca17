/** A 16-bit PCM mono WAV file of `samples` at `sampleRate`. */
export declare const pcm16MonoWav: (samples: Int16Array, sampleRate: number) => Buffer;
