import type { Exercise } from '@stickwork/domain';
import { renderSheetMusicPdf } from './render-sheet-music-pdf.js';

/**
 * The task of a sheet-music worker thread (see sheet-music-pool.ts): an exercise in, its PDF out.
 * Engraving (VexFlow on jsdom) and pdfkit load here, never on the server's event loop.
 */
export default function renderInWorker(exercise: Exercise): Promise<Uint8Array> {
  return renderSheetMusicPdf(exercise);
}
