import type { Exercise } from '@stickwork/domain';
import {
  isCompoundMeter,
  passesForPracticeTime,
  passesSentence,
  SKILL_DISPLAY_NAMES,
  writtenRepeat,
} from '@stickwork/domain';
import {
  clickText,
  engraveSystems,
  sheetKey,
  type EngravedSystem,
  type SheetLabel,
} from '@stickwork/sheet-music';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { withDocument } from './with-document.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
/** System width in VexFlow units; scaled onto the page it gives a staff about 10 mm high. */
const SYSTEM_UNITS = 720;
const SCALE = CONTENT_WIDTH / SYSTEM_UNITS;
const FOOTER_SPACE = 28;
const SYSTEM_GAP = 12;
const INK = '#111111';
const MUTED_INK = '#555555';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The tempo and the note it counts, in words (the PDF's standard fonts have no note symbols): in 12/8,
 * "Tempo: 160 bpm (eighth note = 160, dotted quarter = 53)".
 */
export const tempoText = (exercise: Exercise): string => {
  const { timeSignature } = exercise.notation;
  const bpm = exercise.start_bpm;
  if (timeSignature.beatUnit === 4) return `Tempo: ${bpm} bpm (quarter note = ${bpm})`;
  const pulse = isCompoundMeter(timeSignature) ? `, dotted quarter = ${Math.round(bpm / 3)}` : '';
  return `Tempo: ${bpm} bpm (eighth note = ${bpm}${pulse})`;
};

/**
 * The passes of the pattern, as the lesson card counts them: the practice time at the sheet's tempo (the
 * drummer's planned start tempo when the download route knows it), not the catalogue's repetitions.
 */
export const passesOf = (exercise: Exercise): number =>
  passesForPracticeTime(exercise.notation, exercise.practice_time, exercise.start_bpm);

export const footerText = (exercise: Exercise): string =>
  `Stickwork — stickwork practice sheet, lesson ${exercise.lesson_id}`;

function drawFooter(doc: PDFKit.PDFDocument, exercise: Exercise): void {
  // Writing inside the bottom margin would make pdfkit open a new page; lift the margin while we do.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED_INK)
    .text(footerText(exercise), MARGIN, A4[1] - MARGIN + 14, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  doc.page.margins.bottom = bottom;
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  label: SheetLabel,
  origin: { x: number; y: number },
  scale: number,
): void {
  const size = label.size * scale;
  doc
    .font(label.italic ? 'Helvetica-Oblique' : label.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .fillColor(INK);
  const width = doc.widthOfString(label.text);
  const x =
    origin.x + label.x * scale - (label.align === 'center' ? width / 2 : label.align === 'right' ? width : 0);
  doc.text(label.text, x, origin.y + label.y * scale, { lineBreak: false });
}

/** Systems are drawn at the sheet's one size (below full size when its densest bar needs more room). */
const scaleOf = (system: EngravedSystem): number => SCALE * system.scale;

function drawSystem(doc: PDFKit.PDFDocument, system: EngravedSystem, y: number): void {
  const scale = scaleOf(system);
  SVGtoPDF(doc, system.svg, MARGIN, y, {
    width: system.width * scale,
    height: system.height * scale,
    preserveAspectRatio: 'xMinYMin meet',
  });
  for (const label of system.labels) drawLabel(doc, label, { x: MARGIN, y }, scale);
}

function drawHeader(doc: PDFKit.PDFDocument, exercise: Exercise): void {
  const { timeSignature } = exercise.notation;
  doc
    .font('Helvetica-Bold')
    .fontSize(17)
    .fillColor(INK)
    .text(exercise.name, MARGIN, MARGIN, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(INK)
    .text(
      [
        SKILL_DISPLAY_NAMES[exercise.focus],
        tempoText(exercise),
        passesSentence(
          passesOf(exercise),
          exercise.start_bpm,
          writtenRepeat(exercise.notation, passesOf(exercise)),
        ),
        `Practice time: ${plural(exercise.practice_time, 'minute', 'minutes')}`,
      ].join('   ·   '),
      { width: CONTENT_WIDTH },
    );
  const details = [
    `Time signature ${timeSignature.beats}/${timeSignature.beatUnit}` +
      (timeSignature.beatUnit === 8 ? ' (the tempo counts eighth notes)' : ''),
    plural(exercise.notation.bars, 'bar', 'bars'),
    exercise.pad_sufficient ? 'can be played on a practice pad' : undefined,
  ].filter((part): part is string => part !== undefined);
  doc.fontSize(9).fillColor(MUTED_INK).text(details.join('   ·   '), { width: CONTENT_WIDTH });
  const click = clickText(exercise.notation);
  if (click) doc.text(click, { width: CONTENT_WIDTH });
  doc.moveDown(1);
}

function drawLegend(doc: PDFKit.PDFDocument, exercise: Exercise): void {
  const { voices, markings } = sheetKey(exercise.notation);
  const columnWidth = CONTENT_WIDTH / 2 - 8;
  const lineHeight = 12.5;
  const rows = Math.max(voices.length, markings.length);
  const needed = 18 + rows * lineHeight;
  if (doc.y + needed > A4[1] - MARGIN - FOOTER_SPACE) {
    doc.addPage();
    doc.y = MARGIN;
  }
  const top = doc.y + 6;
  doc
    .moveTo(MARGIN, top)
    .lineTo(MARGIN + CONTENT_WIDTH, top)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text('Key', MARGIN, top + 6);
  const listTop = top + 20;
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  voices.forEach((entry, row) =>
    doc.text(entry, MARGIN, listTop + row * lineHeight, { width: columnWidth, lineBreak: false }),
  );
  markings.forEach((entry, row) =>
    doc.text(entry, MARGIN + CONTENT_WIDTH / 2 + 8, listTop + row * lineHeight, {
      width: columnWidth,
      lineBreak: false,
    }),
  );
  doc.y = listTop + rows * lineHeight;
}

/**
 * Writes the practice sheet of a catalogue exercise as an A4 PDF: title, focus, tempo, repetitions and
 * practice time, the pattern on a percussion staff (wrapping over pages when long), a key, and a footer.
 */
export function renderSheetMusicPdf(exercise: Exercise): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    try {
      const systems = withDocument((document) =>
        engraveSystems(exercise.notation, { width: SYSTEM_UNITS, repetitions: passesOf(exercise) }, document),
      );
      const doc = new PDFDocument({
        size: A4,
        margin: MARGIN,
        info: {
          Title: exercise.name,
          Author: 'Stickwork',
          Subject: `Stickwork practice sheet, lesson ${exercise.lesson_id}`,
        },
      });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      doc.on('pageAdded', () => drawFooter(doc, exercise));
      drawFooter(doc, exercise);

      drawHeader(doc, exercise);
      let y = doc.y;
      for (const system of systems) {
        const height = system.height * scaleOf(system);
        if (y + height > A4[1] - MARGIN - FOOTER_SPACE) {
          doc.addPage();
          y = MARGIN;
        }
        drawSystem(doc, system, y);
        y += height + SYSTEM_GAP;
      }
      doc.y = y;
      drawLegend(doc, exercise);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
