import type { Exercise } from '@stickwork/domain';
import { renderSheetMusicPdf } from './render-sheet-music-pdf.js';

export interface SheetMusicCache {
  /** The practice sheet PDF of an exercise; rendered once, then served from memory while it stays recent. */
  pdfFor(exercise: Exercise): Promise<Buffer>;
}

export interface SheetMusicCacheOptions {
  /** How many PDFs to keep; the least recently asked one goes first. */
  maxEntries: number;
  /** The renderer; the real one unless a caller wraps it (for example to count renders). */
  render?: (exercise: Exercise) => Promise<Buffer>;
}

/**
 * An LRU of rendered sheets keyed by lesson id. It holds promises, so concurrent downloads of the same
 * lesson share one render; a failed render is forgotten so the next request tries again.
 */
export function createSheetMusicCache({
  maxEntries,
  render = renderSheetMusicPdf,
}: SheetMusicCacheOptions): SheetMusicCache {
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new Error('maxEntries must be a positive integer');
  // A Map iterates in insertion order, so re-inserting on use keeps the least recent entry first.
  const entries = new Map<number, Promise<Buffer>>();
  return {
    pdfFor(exercise) {
      const key = exercise.lesson_id;
      const cached = entries.get(key);
      if (cached) {
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      const pending = render(exercise);
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
