/**
 * Recorded drums for the ear benchmark: takes of the Groove MIDI Dataset (their first 20 s) rendered by
 * `fluidsynth` through sampled acoustic kits from Debian's packages, then put in a room with `sox` and
 * generated noise. Each recording is a 16-bit mono WAV at 44.1 kHz (what aubioonset reads) and the same
 * samples as floats (what Stickwork's detector hears), with its truth: the note-ons it was rendered from.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import tonejsMidi from '@tonejs/midi';
import { pinkNoise, whiteNoise } from '@stickwork/domain/testing/drum-audio';
import { pcm16MonoWav } from '../../../scripts/lib/wav.mjs';

const { Midi } = tonejsMidi;
const run = promisify(execFile);

export const RATE = 44_100;
export const TAKE_SECONDS = 20;

/** Debian's packages the benchmark renders and listens with. */
export const DEBIAN_PACKAGES = [
  'fluidsynth',
  'fluid-soundfont-gm',
  'avldrums.lv2-soundfont',
  'hydrogen-drumkits',
  'sox',
  'aubio-tools',
];

export interface Kit {
  name: string;
  soundfont: string;
  /** The MIDI channel its drums answer on: GM's percussion channel, or a kit whose only preset is bank 0. */
  channel: number;
}

/** Two sampled acoustic kits: the Black Pearl of AVL Drumkits, and FluidR3's GM drum bank. */
export const KITS: Kit[] = [
  { name: 'Black Pearl', soundfont: '/usr/share/sounds/sf2/Black_Pearl_4_LV2.sf2', channel: 0 },
  { name: 'FluidR3', soundfont: '/usr/share/sounds/sf2/FluidR3_GM.sf2', channel: 9 },
];

/** What of a take is played: the whole kit, its snare part alone, or that part on a side-stick (a pad's click). */
export type Part = 'kit' | 'snare' | 'pad';
export const PARTS: Part[] = ['kit', 'snare', 'pad'];
const SNARE_NOTES = new Set([38, 40]);
const SIDE_STICK = 37;
/** The notes of the Groove MIDI Dataset that a GM kit sounds (the TD-11's extra numbers mapped to GM). */
const GM_NOTE: Record<number, number> = { 22: 42, 26: 46, 58: 43, 55: 49, 57: 49, 59: 51 };

export type Condition = 'clean' | 'room' | 'quiet' | 'laptop';
export const CONDITIONS: { name: Condition; label: string }[] = [
  { name: 'clean', label: 'clean' },
  { name: 'room', label: 'pink room noise at -50 dBFS' },
  // The laptop's level and hiss without its band and reverb: what a quieter microphone alone costs.
  { name: 'quiet', label: 'a quieter microphone (18 dB quieter, hiss at -60 dBFS)' },
  {
    name: 'laptop',
    label: 'laptop microphone (150 Hz-7 kHz, reverb, 18 dB quieter, hiss at -60 dBFS)',
  },
];

export interface Note {
  /** Seconds from the take's start. */
  time: number;
  midi: number;
  /** MIDI velocity 1-127. */
  velocity: number;
}

/** The takes: every straight-feel 4/4 groove of the subset at least 20 s long, `count` evenly spread. */
export function chooseTakes(directory: string, count: number): string[] {
  const files = (function walk(dir: string): string[] {
    return readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
  })(directory).filter((file) => /_beat_4-4\.mid$/.test(file) && !/jazz|blues|shuffle|swing/.test(file));
  const long = files.filter((file) => {
    const midi = new Midi(readFileSync(file));
    return midi.duration >= TAKE_SECONDS;
  });
  const step = long.length / count;
  return Array.from({ length: Math.min(count, long.length) }, (_, i) => long[Math.floor(i * step)]!);
}

/** A take's notes in its first 20 s, of the part asked (a pad plays the snare part on the side-stick). */
export function partNotes(file: string, part: Part): Note[] {
  const midi = new Midi(readFileSync(file));
  return midi.tracks
    .flatMap((track) => track.notes)
    .filter((note) => note.time < TAKE_SECONDS - 0.5)
    .filter((note) => part === 'kit' || SNARE_NOTES.has(note.midi))
    .map((note) => ({
      time: note.time,
      midi: part === 'pad' ? SIDE_STICK : note.midi,
      velocity: Math.max(1, Math.round(note.velocity * 127)),
    }))
    .sort((a, b) => a.time - b.time);
}

/** Renders notes through a kit: fluidsynth's own stereo WAV, folded to mono floats at 44.1 kHz. */
async function renderNotes(notes: readonly Note[], kit: Kit, directory: string, name: string) {
  const out = new Midi();
  const track = out.addTrack();
  track.channel = kit.channel;
  for (const note of notes)
    track.addNote({
      midi: GM_NOTE[note.midi] ?? note.midi,
      time: note.time,
      duration: 0.1,
      velocity: note.velocity / 127,
    });
  const midiFile = join(directory, `${name}.mid`);
  const stereo = join(directory, `${name}-stereo.wav`);
  const mono = join(directory, `${name}.f32`);
  // Deterministic: a render kept from an earlier run serves a condition added since.
  if (existsSync(mono)) return mono;
  await writeFile(midiFile, Buffer.from(out.toArray()));
  // fluidsynth's default gain (0.2), as a drum heard at an ordinary distance.
  await run('fluidsynth', ['-ni', '-q', '-F', stereo, '-r', String(RATE), kit.soundfont, midiFile]);
  await run('sox', [stereo, '-t', 'f32', '-c', '1', mono, 'remix', '1,2', 'trim', '0', String(TAKE_SECONDS)]);
  return mono;
}

const readFloats = (file: string): Float32Array => {
  const bytes = readFileSync(file);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice();
};

const dbfs = (level: number): number => Math.pow(10, level / 20);

const normalized = (samples: Float32Array, peakDbfs: number): Float32Array => {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  const scale = peak > 0 ? dbfs(peakDbfs) / peak : 1;
  return samples.map((sample) => sample * scale);
};

const mix = (a: Float32Array, b: Float32Array): Float32Array => a.map((value, i) => value + (b[i] ?? 0));

/** 16-bit PCM, as the WAV holds it (both detectors hear exactly these samples). */
const toPcm16 = (samples: Float32Array): Int16Array =>
  Int16Array.from(samples, (sample) => Math.round(Math.max(-1, Math.min(1, sample)) * 32_767));

/** Where rendered recordings are kept between runs (rendering is deterministic; aubio's onsets too). */
export const CACHE = join(tmpdir(), 'stickwork-ear-v1');

export interface Recording {
  wav: string;
  samples: Float32Array;
}

/**
 * Renders `notes` through `kit` in every condition: clean; over pink room noise at -50 dBFS; 18 dB
 * quieter over white hiss at -60 dBFS (a quieter microphone); through a laptop's microphone (sox:
 * band-limited to 150 Hz-7 kHz, a small room's reverb, 18 dB quieter, then white hiss at -60 dBFS).
 * Returns one recording per condition.
 */
export async function renderConditions(
  notes: readonly Note[],
  kit: Kit,
  directory: string,
  name: string,
  seed: number,
): Promise<Record<Condition, Recording>> {
  const cached = CONDITIONS.map(({ name: condition }) => join(directory, `${name}-${condition}.wav`));
  if (cached.every((file) => existsSync(file)))
    return Object.fromEntries(
      CONDITIONS.map(({ name: condition }, index) => {
        const wav = cached[index]!;
        const pcm = readFileSync(wav).subarray(44);
        const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 2);
        return [condition, { wav, samples: Float32Array.from(samples, (value) => value / 32_767) }];
      }),
    ) as Record<Condition, Recording>;
  const rendered = await renderNotes(notes, kit, directory, name);
  // Recorded as an engineer sets the level: the take's loudest peak at -1 dBFS.
  const clean = normalized(readFloats(rendered), -1);
  const dry = join(directory, `${name}-dry.f32`);
  await writeFile(dry, clean);
  const laptopRaw = join(directory, `${name}-laptop.f32`);
  await run('sox', [
    ...['-t', 'f32', '-r', String(RATE), '-c', '1', dry],
    ...['-t', 'f32', laptopRaw],
    ...['sinc', '150-7000', 'reverb', '40', '50', '40', 'gain', '-18'],
    ...['trim', '0', String(TAKE_SECONDS)],
  ]);
  const laptopDry = readFloats(laptopRaw);
  // One microphone hiss under both quieter conditions (the same samples as each drew alone before).
  const hiss = whiteNoise(Math.max(clean.length, laptopDry.length), -60, seed + 1);
  const quieter = dbfs(-18);
  const conditions: Record<Condition, Float32Array> = {
    clean,
    room: mix(clean, pinkNoise(clean.length, -50, seed)),
    quiet: mix(
      clean.map((sample) => sample * quieter),
      hiss,
    ),
    laptop: mix(laptopDry, hiss),
  };
  const recordings = {} as Record<Condition, Recording>;
  for (const [condition, floats] of Object.entries(conditions) as [Condition, Float32Array][]) {
    const pcm = toPcm16(floats);
    const wav = join(directory, `${name}-${condition}.wav`);
    await writeFile(wav, pcm16MonoWav(pcm, RATE));
    recordings[condition] = { wav, samples: Float32Array.from(pcm, (value) => value / 32_767) };
  }
  return recordings;
}

/** Whether the tools and sound fonts are here; installs Debian's packages when run as root. */
export async function ensureTools(): Promise<string | undefined> {
  const missing = () =>
    !KITS.every((kit) => existsSync(kit.soundfont)) ||
    !['/usr/bin/fluidsynth', '/usr/bin/sox', '/usr/bin/aubioonset'].every((tool) => existsSync(tool));
  if (!missing()) return undefined;
  if (process.getuid?.() !== 0)
    return `missing Debian packages: run 'sudo apt-get install -y ${DEBIAN_PACKAGES.join(' ')}'`;
  console.log(`Installing ${DEBIAN_PACKAGES.join(', ')} from Debian's packages...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', ...DEBIAN_PACKAGES], { env, maxBuffer: 1 << 26 });
  return missing() ? 'Debian packages installed but a tool or sound font is still missing' : undefined;
}
