import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getCatalogue, type Exercise } from '@stickwork/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSheetMusicPdf } from './render-sheet-music-pdf.js';
import { createSheetMusicCache, rendererVersion } from './sheet-music-cache.js';

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

  it("keeps a lesson's sheet at each tempo apart: a drummer's planned tempo never gets another's sheet", async () => {
    const { render, renders } = countingRenderer();
    const cache = createSheetMusicCache({ maxEntries: 4, render });
    const atCatalogue = await cache.pdfFor(first!);
    const faster = { ...first!, start_bpm: first!.start_bpm + 10 };
    const atPlan = await cache.pdfFor(faster);
    expect(atPlan).not.toBe(atCatalogue);
    expect(await cache.pdfFor(faster)).toBe(atPlan);
    expect(renders).toEqual([first!.lesson_id, first!.lesson_id]);
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

describe('the disk cache under DATA_DIR', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-sheets-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('keeps a rendered sheet for the next process: same bytes, no second render', async () => {
    const directory = tempDir();
    const version = async () => 'v1';
    const firstProcess = countingRenderer();
    const pdf = await createSheetMusicCache({ maxEntries: 4, directory, version, ...firstProcess }).pdfFor(
      first!,
    );
    const nextProcess = countingRenderer();
    const again = await createSheetMusicCache({ maxEntries: 4, directory, version, ...nextProcess }).pdfFor(
      first!,
    );
    expect(again.equals(pdf)).toBe(true);
    expect(nextProcess.renders).toEqual([]);
    expect(fs.readdirSync(path.join(directory, 'v1'))).toEqual([
      expect.stringMatching(`^${first!.lesson_id}-`),
    ]);
  });

  it('renders again under a new renderer version and drops the files of the old one', async () => {
    const directory = tempDir();
    await createSheetMusicCache({ maxEntries: 4, directory, version: async () => 'v1' }).pdfFor(first!);
    const upgraded = countingRenderer();
    await createSheetMusicCache({ maxEntries: 4, directory, version: async () => 'v2', ...upgraded }).pdfFor(
      first!,
    );
    expect(upgraded.renders).toEqual([first!.lesson_id]);
    expect(fs.readdirSync(directory)).toEqual(['v2']);
  });

  it('still answers when the folder cannot be written', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, '');
    const pdf = await createSheetMusicCache({
      maxEntries: 4,
      directory: file,
      version: async () => 'v1',
    }).pdfFor(first!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('names the renderer version after its code', async () => {
    expect(await rendererVersion()).toMatch(/^[0-9a-f]{16}$/);
  });
});
