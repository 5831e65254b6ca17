import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Exercise } from '@stickwork/domain';

export interface SheetMusicCache {
  /** The practice sheet PDF of an exercise: from memory, else from disk, else rendered (and kept in both). */
  pdfFor(exercise: Exercise): Promise<Buffer>;
}

export interface SheetMusicCacheOptions {
  /** How many PDFs to keep in memory; the least recently asked one goes first. */
  maxEntries: number;
  /** The renderer; by default the inline one, loaded on first use (the server passes its worker pool). */
  render?: (exercise: Exercise) => Promise<Buffer>;
  /**
   * Where rendered PDFs are kept on disk (e.g. `DATA_DIR/sheet-music`), one folder per renderer
   * version; none: memory only.
   */
  directory?: string;
  /** Names the renderer's output; by default a digest of the renderer's own code (see `rendererVersion`). */
  version?: () => Promise<string>;
}

const renderInline = async (exercise: Exercise): Promise<Buffer> =>
  (await import('./render-sheet-music-pdf.js')).renderSheetMusicPdf(exercise);

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The renderer's version: a digest of its code (this folder's renderer files, the sheet-music
 * engraving package and the domain's rules for which sticking a sheet writes and how many passes it plays), so any change to how
 * sheets are drawn starts a fresh disk cache by itself.
 */
export const rendererVersion = async (): Promise<string> => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const extension = path.extname(fileURLToPath(import.meta.url));
  const engraving = path.dirname(fileURLToPath(import.meta.resolve('@stickwork/sheet-music')));
  const domain = fileURLToPath(import.meta.resolve('@stickwork/domain'));
  const domainFile = (folder: string, name: string) =>
    path.join(path.dirname(domain), folder, `${name}${path.extname(domain)}`);
  const files = [
    domainFile('catalogue', 'written-sticking'),
    domainFile('rhythm', 'practice-passes'),
    ...['render-sheet-music-pdf', 'with-document'].map((name) => path.join(here, `${name}${extension}`)),
    ...(await fs.readdir(engraving))
      .filter((file) => /\.(js|ts)$/.test(file) && !/\.(spec|d)\.ts$/.test(file))
      .sort()
      .map((file) => path.join(engraving, file)),
  ];
  const contents = await Promise.all(files.map((file) => fs.readFile(file).catch(() => Buffer.alloc(0))));
  return sha(Buffer.concat(contents)).slice(0, 16);
};

/**
 * Rendered sheets kept by lesson id and tempo: an LRU in memory in front of files on disk, so a lesson is
 * rendered once per renderer version, not once per process. It holds promises, so concurrent
 * downloads of the same lesson share one render; a failed render is forgotten so the next request
 * tries again. The disk is a cache: a file that cannot be read or written is rendered again.
 */
export function createSheetMusicCache({
  maxEntries,
  render = renderInline,
  directory,
  version = rendererVersion,
}: SheetMusicCacheOptions): SheetMusicCache {
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new Error('maxEntries must be a positive integer');
  // A Map iterates in insertion order, so re-inserting on use keeps the least recent entry first.
  const entries = new Map<string, Promise<Buffer>>();
  let versionFolder: Promise<string> | undefined;

  /** This version's folder; older versions' folders are removed once. */
  const folder = (root: string) =>
    (versionFolder ??= version().then(async (current) => {
      const own = path.join(root, current);
      await fs.mkdir(own, { recursive: true, mode: 0o700 });
      for (const entry of await fs.readdir(root))
        if (entry !== current) await fs.rm(path.join(root, entry), { recursive: true, force: true });
      return own;
    }));

  const fromDiskOrRender = async (exercise: Exercise): Promise<Buffer> => {
    if (!directory) return render(exercise);
    // The exercise's own data is part of the name: a catalogue change to a lesson draws it again.
    const own = await folder(directory).catch(() => undefined);
    if (!own) return render(exercise);
    const file = path.join(own, `${exercise.lesson_id}-${sha(JSON.stringify(exercise)).slice(0, 12)}.pdf`);
    const stored = await fs.readFile(file).catch(() => undefined);
    if (stored) return stored;
    const pdf = await render(exercise);
    const partial = `${file}.${randomUUID()}.part`;
    await fs
      .writeFile(partial, pdf, { mode: 0o600 })
      .then(() => fs.rename(partial, file))
      .catch(() => fs.rm(partial, { force: true }));
    return pdf;
  };

  return {
    pdfFor(exercise) {
      // A sheet is drawn at the drummer's planned tempo (its passes follow it): one entry per tempo.
      const key = `${exercise.lesson_id}@${exercise.start_bpm}`;
      const cached = entries.get(key);
      if (cached) {
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      const pending = fromDiskOrRender(exercise);
      entries.set(key, pending);
      pending.catch(() => {
        if (entries.get(key) === pending) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return pending;
    },
  };
}
