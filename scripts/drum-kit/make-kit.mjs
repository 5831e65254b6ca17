#!/usr/bin/env node
/**
 * Makes the practice room's sampled acoustic kit from Debian's MIT-licensed General MIDI soundfont
 * (musescore-general-soundfont: MuseScore_General.sf3, whose standard drum kit is Fluid R3's):
 * every hit is rendered dry by fluidsynth from a one-note MIDI file, made mono, trimmed to its attack
 * (the first sample at a tenth of its peak is sample 0), cut where it has faded to -60 dB (with a short
 * fade), normalised to -1 dBFS and put one after the other, 150 ms apart, into one sprite that lame
 * encodes as MP3. Writes acoustic-kit.mp3 and the regions' places (acoustic-kit.json) into
 * app-web/src/features/practice/practice-room/acoustic-kit/. Run: node scripts/drum-kit/make-kit.mjs
 *
 * Why MP3: Chromium, Firefox and Safari all decode it with decodeAudioData (Ogg Vorbis and Opus are not
 * decoded by every Safari; WAV would be 2-3 times the 400 kB budget). MP3's encoder delay is handled at
 * decode time: the app finds each hit's attack in the decoded buffer (the same tenth-of-peak rule as
 * here), so however a browser treats the priming samples, a hit sounds at its start time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pcm16MonoWav } from '../lib/wav.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOUNDFONT = '/usr/share/sounds/sf3/MuseScore_General.sf3';
const SAMPLE_RATE = 44_100;
const GAP_SECONDS = 0.15;
const PEAK = 10 ** (-1 / 20);
const BITRATE_KBPS = 96;

/**
 * The hits: GM drum notes (channel 10), the velocity they are struck with, how long they may ring,
 * and for the soft layers a low-pass (a soft stroke excites fewer overtones: it sounds darker, not only
 * quieter). A rim shot is not in General MIDI: it is the centre hit and the side stick struck together,
 * as a stick striking head and rim at once.
 */
const HITS = [
  { name: 'kick-hard', notes: [36], velocity: 127, seconds: 0.6 },
  { name: 'kick-medium', notes: [36], velocity: 92, seconds: 0.55 },
  { name: 'kick-soft', notes: [36], velocity: 55, seconds: 0.5, lowpass: 2500 },
  { name: 'snare-hard', notes: [38], velocity: 127, seconds: 0.5 },
  { name: 'snare-medium', notes: [38], velocity: 92, seconds: 0.45 },
  { name: 'snare-ghost', notes: [38], velocity: 45, seconds: 0.3, lowpass: 5000 },
  { name: 'snare-rim-shot', notes: [38, 37], velocity: 127, seconds: 0.55 },
  { name: 'cross-stick', notes: [37], velocity: 110, seconds: 0.25 },
  { name: 'hi-hat-closed-hard', notes: [42], velocity: 127, seconds: 0.25 },
  { name: 'hi-hat-closed-medium', notes: [42], velocity: 92, seconds: 0.22 },
  { name: 'hi-hat-closed-soft', notes: [42], velocity: 50, seconds: 0.2, lowpass: 7000 },
  { name: 'hi-hat-foot', notes: [44], velocity: 100, seconds: 0.3 },
  { name: 'hi-hat-open', notes: [46], velocity: 110, seconds: 1.2 },
  { name: 'tom-high', notes: [48], velocity: 110, seconds: 0.9 },
  { name: 'tom-mid', notes: [45], velocity: 110, seconds: 0.9 },
  { name: 'tom-floor', notes: [41], velocity: 110, seconds: 1.0 },
  { name: 'crash', notes: [49], velocity: 120, seconds: 2.2 },
  { name: 'ride', notes: [51], velocity: 100, seconds: 1.4 },
  { name: 'ride-bell', notes: [53], velocity: 110, seconds: 1.4 },
  { name: 'china', notes: [52], velocity: 115, seconds: 1.5 },
  { name: 'cowbell', notes: [56], velocity: 100, seconds: 0.4 },
];

const has = (command) => {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** What the script needs from Debian, installed when missing (as root), or a clear message. */
const ensureTools = () => {
  const missing = [
    ['fluidsynth', has('fluidsynth')],
    ['sox', has('sox')],
    ['lame', has('lame')],
    ['musescore-general-soundfont', fs.existsSync(SOUNDFONT)],
  ]
    .filter(([, present]) => !present)
    .map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing: ${missing.join(', ')}. Install with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
};

/** A variable-length quantity (MIDI's delta times). */
const vlq = (value) => {
  const bytes = [value & 0x7f];
  for (let rest = value >> 7; rest > 0; rest >>= 7) bytes.unshift((rest & 0x7f) | 0x80);
  return bytes;
};

/** Ticks per second at the file's default tempo (120 bpm, 480 ticks a beat). */
const TICKS_PER_SECOND = 960;
/** Every hit gets a window of its own this long in the one rendering. */
const WINDOW_SECONDS = 3;

/**
 * A format-0 MIDI file with every hit on channel 10, hit i at i × WINDOW_SECONDS (its notes struck
 * together, released a second later): fluidsynth renders the whole kit in one run (loading the
 * soundfont takes most of the time).
 */
const midiFile = (hits) => {
  const events = [];
  const gap = (WINDOW_SECONDS - 1) * TICKS_PER_SECOND;
  hits.forEach((hit, index) => {
    hit.notes.forEach((note, n) =>
      events.push(...vlq(index > 0 && n === 0 ? gap : 0), 0x99, note, hit.velocity),
    );
    hit.notes.forEach((note, n) => events.push(...vlq(n === 0 ? TICKS_PER_SECOND : 0), 0x89, note, 0));
  });
  events.push(...vlq(gap), 0xff, 0x2f, 0x00);
  const header = Buffer.from([0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xe0]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(events.length);
  return Buffer.concat([header, Buffer.from('MTrk'), length, Buffer.from(events)]);
};

/** The float samples of a 16-bit mono WAV file sox wrote. */
const readWav = (file) => {
  const data = fs.readFileSync(file);
  let offset = 12;
  while (offset < data.length) {
    const id = data.toString('ascii', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    if (id === 'data') {
      const samples = new Float32Array(size / 2);
      for (let index = 0; index < samples.length; index++)
        samples[index] = data.readInt16LE(offset + 8 + index * 2) / 32768;
      return samples;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
};

/** Float samples written as 16-bit PCM (clipped to [-1, 1]). */
const writeWav = (file, samples) => {
  const pcm = Int16Array.from(samples, (value) => Math.round(Math.max(-1, Math.min(1, value)) * 32767));
  fs.writeFileSync(file, pcm16MonoWav(pcm, SAMPLE_RATE));
};

const peakOf = (samples) => samples.reduce((peak, value) => Math.max(peak, Math.abs(value)), 0);

/** Trimmed to the attack, cut at -60 dB (at most `seconds`), faded out over its last 30 ms, at -1 dBFS. */
const shape = (samples, seconds) => {
  const peak = peakOf(samples);
  const onset = samples.findIndex((value) => Math.abs(value) >= peak / 10);
  let end = samples.length - 1;
  while (end > onset && Math.abs(samples[end]) < peak / 1000) end--;
  const length = Math.min(end - onset + 1, Math.round(seconds * SAMPLE_RATE));
  const hit = samples.slice(onset, onset + length);
  const fade = Math.min(length, Math.round(0.03 * SAMPLE_RATE));
  for (let index = 0; index < fade; index++) hit[length - 1 - index] *= index / fade;
  const gain = PEAK / peakOf(hit);
  return hit.map((value) => value * gain);
};

/**
 * The whole kit in one fluidsynth run, dry (no reverb, no chorus), gain 0.5 so no hit clips, as float
 * samples; sox makes it mono 16-bit without dither (-D) and repeatably (-R): the same kit every run.
 */
const renderAll = (work) => {
  const midi = path.join(work, 'kit.mid');
  const stereo = path.join(work, 'kit-stereo.wav');
  const mono = path.join(work, 'kit.wav');
  fs.writeFileSync(midi, midiFile(HITS));
  execFileSync(
    'fluidsynth',
    [
      '-ni',
      '-q',
      '-R',
      '0',
      '-C',
      '0',
      '-g',
      '0.5',
      '-r',
      String(SAMPLE_RATE),
      '-O',
      'float',
      '-F',
      stereo,
      SOUNDFONT,
      midi,
    ],
    { stdio: 'ignore' },
  );
  execFileSync('sox', ['-R', stereo, '-D', '-b', '16', '-c', '1', mono, 'remix', '-']);
  return readWav(mono);
};

/** Hit `index`'s window of the rendering, low-passed when the hit asks for it (sox), then shaped. */
const hitOf = (work, all, hit, index) => {
  const window = all.slice(index * WINDOW_SECONDS * SAMPLE_RATE, (index + 1) * WINDOW_SECONDS * SAMPLE_RATE);
  if (!hit.lowpass) return shape(window, hit.seconds);
  const raw = path.join(work, `${hit.name}.wav`);
  const filtered = path.join(work, `${hit.name}-lowpass.wav`);
  writeWav(raw, window);
  execFileSync('sox', ['-R', raw, '-D', filtered, 'lowpass', String(hit.lowpass)]);
  return shape(readWav(filtered), hit.seconds);
};

/** Samples as seconds, to the microsecond. */
const seconds = (samples) => Math.round((samples / SAMPLE_RATE) * 1e6) / 1e6;

ensureTools();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'drum-kit-'));
const gap = new Float32Array(Math.round(GAP_SECONDS * SAMPLE_RATE));
const parts = [gap];
const regions = {};
let at = gap.length;
const all = renderAll(work);
for (const [index, hit] of HITS.entries()) {
  const samples = hitOf(work, all, hit, index);
  regions[hit.name] = { start: seconds(at), duration: seconds(samples.length) };
  parts.push(samples, gap);
  at += samples.length + gap.length;
}
const sprite = new Float32Array(at);
let offset = 0;
for (const part of parts) {
  sprite.set(part, offset);
  offset += part.length;
}
const wav = path.join(work, 'acoustic-kit.wav');
writeWav(wav, sprite);
const kitDir = path.join(root, 'app-web/src/features/practice/practice-room/acoustic-kit');
const out = path.join(kitDir, 'acoustic-kit.mp3');
fs.mkdirSync(path.dirname(out), { recursive: true });
execFileSync('lame', ['--quiet', '-m', 'm', '-b', String(BITRATE_KBPS), '--cbr', wav, out]);
fs.writeFileSync(
  path.join(kitDir, 'acoustic-kit.json'),
  `${JSON.stringify({ sampleRate: SAMPLE_RATE, bytes: fs.statSync(out).size, regions }, null, 2)}\n`,
);
fs.rmSync(work, { recursive: true, force: true });
console.log(
  `${path.relative(root, out)}: ${fs.statSync(out).size} bytes, ${(at / SAMPLE_RATE).toFixed(1)} s, ${HITS.length} hits`,
);
