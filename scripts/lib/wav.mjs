/**
 * A 16-bit PCM mono WAV file of `samples` (an Int16Array) at `sampleRate`, as a Buffer. Plain JavaScript
 * so that both the kit's script (scripts/drum-kit/make-kit.mjs, run by node as it is) and the tests'
 * TypeScript (through wav.d.mts) use this one writer.
 */
export const pcm16MonoWav = (samples, sampleRate) => {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
};
