import {
  findExercise,
  getCatalogue,
  passesForPracticeTime,
  passesSentence,
  SKILL_DISPLAY_NAMES,
  type Exercise,
} from '@stickwork/domain';
import { PDFParse } from 'pdf-parse';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { writtenRepeat } from '@stickwork/sheet-music';
import { renderSheetMusicPdf } from './render-sheet-music-pdf.js';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Long names wrap (pdfkit also breaks after hyphens), so names are compared without whitespace. */
const unspaced = (text: string) => text.replace(/\s+/g, '');

async function readPdf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { pages: result.total, text: squash(result.text) };
  } finally {
    await parser.destroy();
  }
}

/** The size in points of every sticking letter (a lone R, L or F) on the PDF's first page. */
async function stickingLetterSizes(pdf: Buffer): Promise<number[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const { items } = await (await document.getPage(1)).getTextContent();
    return items.flatMap((item) =>
      'str' in item && /^[RLF]$/.test(item.str) ? [Math.hypot(item.transform[0], item.transform[1])] : [],
    );
  } finally {
    await document.destroy();
  }
}

const exercise = (find: (candidate: Exercise) => boolean): Exercise => {
  const found = getCatalogue().find(find);
  if (!found) throw new Error('the catalogue has no such exercise');
  return found;
};

const uses = (candidate: Exercise, test: (note: Exercise['notation']['notes'][number]) => boolean) =>
  candidate.notation.notes.some(test);

describe('renderSheetMusicPdf', () => {
  it('writes a groove as a PDF whose text names the lesson, focus, tempo, repetitions, time and key', async () => {
    const groove = exercise(
      (candidate) =>
        candidate.focus === 'grooves' &&
        uses(candidate, (note) => note.voice === 'hi_hat') &&
        uses(candidate, (note) => note.voice === 'bass_drum') &&
        uses(candidate, (note) => note.ghost === true),
    );
    const pdf = await renderSheetMusicPdf(groove);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, text } = await readPdf(pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(unspaced(text)).toContain(unspaced(groove.name));
    expect(text).toContain(SKILL_DISPLAY_NAMES.grooves);
    expect(text).toContain(`Tempo: ${groove.start_bpm} bpm`);
    // The passes the card counts: the practice time at the tempo.
    const passes = passesForPracticeTime(groove.notation, groove.practice_time, groove.start_bpm);
    expect(text).toContain(passesSentence(passes, groove.start_bpm));
    expect(text).toContain(`Practice time: ${groove.practice_time} minutes`);
    expect(text).toContain('Hi-hat (x above the top line)');
    expect(text).toContain('Snare (3rd space)');
    expect(text).toContain('Bass drum (1st space)');
    expect(text).toContain('ghost note');
    expect(text).not.toContain('Floor tom');
    expect(text).toContain(`Stickwork — stickwork practice sheet, lesson ${groove.lesson_id}`);
  });

  it("prints the passes the card counts, not the catalogue's repetitions, on the header and the repeat sign", async () => {
    // A lesson whose catalogue repetitions fill far less than its practice time (the card's old "N×").
    const lesson = exercise((candidate) => {
      const passes = passesForPracticeTime(candidate.notation, candidate.practice_time, candidate.start_bpm);
      return (
        passes >= 2 * candidate.number_repetition &&
        writtenRepeat(candidate.notation, 1).times === 1 &&
        candidate.notation.bars <= 2
      );
    });
    const passes = passesForPracticeTime(lesson.notation, lesson.practice_time, lesson.start_bpm);
    const { text } = await readPdf(await renderSheetMusicPdf(lesson));
    expect(text).toContain(passesSentence(passes, lesson.start_bpm));
    expect(text).toContain(`${passes}×`);
    expect(text).not.toMatch(new RegExp(`(^|\\D)${lesson.number_repetition}×`));
    expect(text).not.toMatch(/Repeat \d+ times/);

    // At a drummer's planned tempo (the download route's), the passes follow that tempo, as on the card.
    const planned = { ...lesson, start_bpm: lesson.start_bpm + 20 };
    const plannedPasses = passesForPracticeTime(planned.notation, planned.practice_time, planned.start_bpm);
    expect(plannedPasses).not.toBe(passes);
    const atPlan = (await readPdf(await renderSheetMusicPdf(planned))).text;
    expect(atPlan).toContain(`Tempo: ${planned.start_bpm} bpm`);
    expect(atPlan).toContain(passesSentence(plannedPasses, planned.start_bpm));
  });

  it('says the count its repeat sign shows where identical bars are written once', async () => {
    // A pattern of one bar played over and over, written once: its "N×" counts that bar.
    const lesson = exercise(
      (candidate) => writtenRepeat(candidate.notation, 1).times > 1 && candidate.notation.click === undefined,
    );
    const passes = passesForPracticeTime(lesson.notation, lesson.practice_time, lesson.start_bpm);
    const written = writtenRepeat(lesson.notation, passes);
    const { text } = await readPdf(await renderSheetMusicPdf(lesson));
    expect(written.times).toBeGreaterThan(passes);
    expect(text).toContain(`${written.times}×`);
    expect(text).toContain(
      `${written.times}× the written ${written.bars === 1 ? 'bar' : `${written.bars} bars`} (${passes} passes of the pattern)`,
    );
  });

  it('writes a rudiment with its sticking under the notes and its flams in the key', async () => {
    const rudiment = exercise(
      (candidate) =>
        candidate.focus === 'hand_technique' &&
        uses(candidate, (note) => note.ornament === 'flam') &&
        candidate.notation.notes.every((note) => note.voice === 'snare' && note.sticking !== 'B'),
    );
    const { text } = await readPdf(await renderSheetMusicPdf(rudiment));
    const { beats } = rudiment.notation.timeSignature;
    const letters = rudiment.notation.notes.filter(
      (note) => note.step < beats * rudiment.notation.subdivision,
    );
    // The sticking row is real text: every R and L of the first bar is there, in order, under the staff.
    expect(text).toContain(letters.map((note) => note.sticking).join(' '));
    expect(text).toContain('Sticking: R right hand, L left hand');
    expect(text).toContain('One small note before: flam');
    expect(text).toContain(SKILL_DISPLAY_NAMES.hand_technique);
  });

  it('writes the sticking letters at 9 pt or more, also under the densest lines, which are drawn smaller', async () => {
    // The ratamacue, both hands together (R over L), and the densest lines of the catalogue.
    for (const lessonId of [470004, 1040010, 140038, 350071]) {
      const sizes = await stickingLetterSizes(await renderSheetMusicPdf(findExercise(lessonId)!));
      expect(sizes.length, `lesson ${lessonId}`).toBeGreaterThan(0);
      expect(Math.min(...sizes), `lesson ${lessonId}`).toBeGreaterThanOrEqual(9);
    }
  });

  it('says that the tempo counts eighth notes in 6/8 and 12/8', async () => {
    const compound = exercise((candidate) => candidate.notation.timeSignature.beatUnit === 8);
    const { text } = await readPdf(await renderSheetMusicPdf(compound));
    // The tempo names its note: the eighth, and the dotted quarter the music is felt in.
    expect(text).toContain(
      `Tempo: ${compound.start_bpm} bpm (eighth note = ${compound.start_bpm}, dotted quarter = ${Math.round(compound.start_bpm / 3)})`,
    );
    expect(text).toContain(
      `Time signature ${compound.notation.timeSignature.beats}/8 (the tempo counts eighth notes)`,
    );
  });

  it('explains the metronome of a gap-click exercise and marks its silent bars', async () => {
    const gap = exercise((candidate) => (candidate.notation.click?.mutedBars.length ?? 0) > 1);
    const { text } = await readPdf(await renderSheetMusicPdf(gap));
    const silent = gap.notation.click?.mutedBars.map((bar) => bar + 1).join(', ') ?? '';
    expect(text).toContain(`silent in bars ${silent}`);
    expect(text.split('click silent').length - 1).toBeGreaterThanOrEqual(
      gap.notation.click?.mutedBars.length ?? 0,
    );
  });

  it('wraps long music onto further pages, each with the footer', async () => {
    const roll = exercise(
      (candidate) => candidate.notation.subdivision === 8 && candidate.notation.timeSignature.beats === 4,
    );
    const perBar = roll.notation.timeSignature.beats * roll.notation.subdivision;
    const firstBar = roll.notation.notes.filter((note) => note.step < perBar);
    const bars = 24;
    const long: Exercise = {
      ...roll,
      notation: {
        ...roll.notation,
        bars,
        // Each bar leaves out a different stroke: identical bars would be written once.
        notes: Array.from({ length: bars }, (_, bar) =>
          firstBar
            .filter((_, index) => index !== bar % firstBar.length)
            .map((note) => ({ ...note, step: note.step + bar * perBar })),
        ).flat(),
      },
    };
    const parser = new PDFParse({ data: new Uint8Array(await renderSheetMusicPdf(long)) });
    try {
      const result = await parser.getText();
      expect(result.total).toBeGreaterThanOrEqual(2);
      for (const page of result.pages)
        expect(squash(page.text)).toContain(`Stickwork — stickwork practice sheet, lesson ${roll.lesson_id}`);
      expect(squash(result.pages.at(-1)?.text ?? '')).toContain('Key');
    } finally {
      await parser.destroy();
    }
  });

  it('renders a deterministic sample of the catalogue across every focus, meter, grid and ornament', async () => {
    const all = getCatalogue();
    const sample = new Map<number, Exercise>();
    const focuses = [...new Set(all.map((candidate) => candidate.focus))];
    for (const focus of focuses) {
      const ofFocus = all.filter((candidate) => candidate.focus === focus);
      const stride = Math.max(1, Math.floor(ofFocus.length / 18));
      for (let index = 0; index < ofFocus.length && index / stride < 18; index += stride) {
        const picked = ofFocus[index];
        if (picked) sample.set(picked.lesson_id, picked);
      }
    }
    const seen = new Set<string>();
    for (const candidate of all) {
      const { timeSignature, subdivision, bars } = candidate.notation;
      const kinds = [
        `${timeSignature.beats}/${timeSignature.beatUnit}:${subdivision}`,
        `bars:${bars}`,
        ...candidate.notation.notes.map((note) => `voice:${note.voice}`),
        ...candidate.notation.notes.map((note) => `ornament:${note.ornament ?? 'none'}`),
      ];
      if (kinds.some((kind) => !seen.has(kind))) sample.set(candidate.lesson_id, candidate);
      for (const kind of kinds) seen.add(kind);
    }
    expect(sample.size).toBeGreaterThanOrEqual(150);
    expect([...seen].filter((kind) => kind.includes('/'))).toHaveLength(
      new Set(
        all.map(
          (candidate) =>
            `${candidate.notation.timeSignature.beats}/${candidate.notation.timeSignature.beatUnit}:${candidate.notation.subdivision}`,
        ),
      ).size,
    );

    for (const candidate of sample.values()) {
      const pdf = await renderSheetMusicPdf(candidate);
      expect(pdf.subarray(0, 5).toString('latin1'), `lesson ${candidate.lesson_id}`).toBe('%PDF-');
      const { pages, text } = await readPdf(pdf);
      expect(pages, `lesson ${candidate.lesson_id}`).toBeGreaterThanOrEqual(1);
      expect(unspaced(text), `lesson ${candidate.lesson_id}`).toContain(unspaced(candidate.name));
    }
  }, 180_000);
});
