import { getCatalogue, type Exercise } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import { renderSheetMusicPdf } from './render-sheet-music-pdf.js';
import { createSheetMusicCache } from './sheet-music-cache.js';

/** The real renderer, counting how often each lesson is rendered. */
function countingRenderer() {
  const renders: number[] = [];
  const render = (exercise: Exercise) => {
    renders.push(exercise.lesson_id);
    return renderSheetMusicPdf(exercise);
  };
  return { render, renders };
}

const [first, second, third] = getCatalogue();

describe('createSheetMusicCache', () => {
  it('serves the same Buffer for the same lesson without rendering it again', async () => {
    const { render, renders } = countingRenderer();
    const cache = createSheetMusicCache({ maxEntries: 4, render });
    const pdf = await cache.pdfFor(first!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await cache.pdfFor(first!)).toBe(pdf);
    expect(renders).toEqual([first!.lesson_id]);
  });

  it('shares one render between concurrent requests for a lesson', async () => {
    const { render, renders } = countingRenderer();
    const cache = createSheetMusicCache({ maxEntries: 4, render });
    const [a, b] = await Promise.all([cache.pdfFor(second!), cache.pdfFor(second!)]);
    expect(a).toBe(b);
    expect(renders).toEqual([second!.lesson_id]);
  });

  it('keeps at most maxEntries PDFs, dropping the least recently asked lesson', async () => {
    const { render, renders } = countingRenderer();
    const cache = createSheetMusicCache({ maxEntries: 2, render });
    const firstPdf = await cache.pdfFor(first!);
    await cache.pdfFor(second!);
    expect(await cache.pdfFor(first!)).toBe(firstPdf); // first is now the most recent
    await cache.pdfFor(third!); // evicts second
    expect(await cache.pdfFor(first!)).toBe(firstPdf);
    await cache.pdfFor(second!);
    expect(renders).toEqual([first!.lesson_id, second!.lesson_id, third!.lesson_id, second!.lesson_id]);
  });

  it('forgets a failed render so the next request tries again', async () => {
    let attempts = 0;
    const cache = createSheetMusicCache({
      maxEntries: 2,
      render: (exercise) =>
        ++attempts === 1 ? Promise.reject(new Error('disk full')) : renderSheetMusicPdf(exercise),
    });
    await expect(cache.pdfFor(first!)).rejects.toThrow('disk full');
    const pdf = await cache.pdfFor(first!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(attempts).toBe(2);
  });

  it('refuses a size that cannot hold a PDF', () => {
    expect(() => createSheetMusicCache({ maxEntries: 0 })).toThrow('maxEntries');
  });
});
