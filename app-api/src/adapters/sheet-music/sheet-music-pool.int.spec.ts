import { getCatalogue } from '@stickwork/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSheetMusicPdf } from './render-sheet-music-pdf.js';
import { createSheetMusicPool } from './sheet-music-pool.js';

/**
 * pdfkit stamps the creation time into the document info and derives the file /ID from it;
 * everything else must match byte for byte.
 */
const withoutCreationDate = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID []');

const pool = createSheetMusicPool({ threads: 2 });
afterAll(() => pool.close());

describe('the sheet-music worker pool', () => {
  it('renders the same PDF as the inline renderer, for lessons of every shape, also concurrently', async () => {
    const catalogue = getCatalogue();
    const lessons = [catalogue[0]!, catalogue[Math.floor(catalogue.length / 2)]!, catalogue.at(-1)!];
    const pooled = await Promise.all(lessons.map((lesson) => pool.render(lesson)));
    for (const [index, lesson] of lessons.entries()) {
      const inline = await renderSheetMusicPdf(lesson);
      expect(Buffer.isBuffer(pooled[index])).toBe(true);
      expect(withoutCreationDate(pooled[index]!)).toBe(withoutCreationDate(inline));
    }
  }, 120_000);
});
