import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCatalogue } from '@stickwork/domain';
import { catalogueStats } from './catalogue-stats.js';
import { CATALOGUE_SOURCES, catalogueSummary, catalogueVersion } from './catalogue-summary.js';

const domainSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../domain/src');

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-catalogue-summary-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const cacheFiles = () => fs.readdirSync(dir).filter((name) => name.endsWith('.json'));

describe('catalogue summary', () => {
  it('summarises every exercise of the catalogue (name, focus, type, levels, pad), counted as the catalogue itself is', () => {
    const summary = catalogueSummary({ dir, version: 'v1' });
    expect(summary).toHaveLength(getCatalogue().length);
    expect(summary).toEqual(
      getCatalogue().map((exercise) => ({
        lesson_id: exercise.lesson_id,
        name: exercise.name,
        focus: exercise.focus,
        type: exercise.type,
        min_level: exercise.min_level,
        max_level: exercise.max_level,
        pad_sufficient: exercise.pad_sufficient,
      })),
    );
    // Read back from its file, it is the same.
    expect(catalogueSummary({ dir, version: 'v1' })).toEqual(summary);
    expect(catalogueStats(summary)).toEqual(catalogueStats(getCatalogue()));
  });

  it('is read back from the file of its version, and only the newest versions are kept', () => {
    catalogueSummary({ dir, version: 'v1' });
    expect(cacheFiles()).toEqual(['catalogue-summary-v1.json']);
    // What the file of the version says is what is used: the catalogue is not generated again.
    fs.writeFileSync(
      path.join(dir, 'catalogue-summary-v1.json'),
      JSON.stringify([[10001, 'Singles', 'warm_up', 'warm_up', 'beginner', 'pro', 1]]),
    );
    expect(catalogueSummary({ dir, version: 'v1' })).toEqual([
      {
        lesson_id: 10001,
        name: 'Singles',
        focus: 'warm_up',
        type: 'warm_up',
        min_level: 'beginner',
        max_level: 'pro',
        pad_sufficient: true,
      },
    ]);

    for (const version of ['v2', 'v3', 'v4', 'v5']) {
      // Each written a minute after the one before (file times moved back, rather than waiting).
      for (const name of cacheFiles()) {
        const file = path.join(dir, name);
        const earlier = new Date(fs.statSync(file).mtimeMs - 60_000);
        fs.utimesSync(file, earlier, earlier);
      }
      expect(catalogueSummary({ dir, version })).toHaveLength(getCatalogue().length);
    }
    expect(cacheFiles().sort()).toEqual(
      ['v2', 'v3', 'v4', 'v5'].map((version) => `catalogue-summary-${version}.json`),
    );
  });

  it('generates the catalogue again when the file is damaged, and works without a writable folder', () => {
    fs.writeFileSync(path.join(dir, 'catalogue-summary-v1.json'), '[[1, "grooves"');
    expect(catalogueSummary({ dir, version: 'v1' })).toHaveLength(getCatalogue().length);
    const notAFolder = path.join(dir, 'file');
    fs.writeFileSync(notAFolder, '');
    expect(catalogueSummary({ dir: notAFolder, version: 'v1' })).toHaveLength(getCatalogue().length);
  });
});

describe('catalogue version', () => {
  const fakeDomain = () => {
    const root = path.join(dir, 'domain');
    fs.mkdirSync(path.join(root, 'catalogue/families'), { recursive: true });
    fs.mkdirSync(path.join(root, 'rules'));
    fs.writeFileSync(path.join(root, 'index.js'), '');
    fs.writeFileSync(path.join(root, 'catalogue/families/grooves.js'), 'export const a = 1;');
    fs.writeFileSync(path.join(root, 'catalogue/lesson-videos.json'), '{}');
    fs.writeFileSync(path.join(root, 'rules/levels.js'), 'export const LEVELS = [];');
    return root;
  };

  it('changes with any file the catalogue is generated from, and only with those', () => {
    const root = fakeDomain();
    const entry = path.join(root, 'index.js');
    const first = catalogueVersion(entry);
    expect(catalogueVersion(entry)).toBe(first);

    fs.writeFileSync(path.join(root, 'index.js'), 'export {};');
    fs.writeFileSync(path.join(root, 'catalogue/families/grooves.d.ts'), 'export declare const a: number;');
    expect(catalogueVersion(entry)).toBe(first);

    fs.writeFileSync(path.join(root, 'catalogue/families/grooves.js'), 'export const a = 2;');
    const second = catalogueVersion(entry);
    expect(second).not.toBe(first);
    fs.writeFileSync(path.join(root, 'catalogue/lesson-videos.json'), '{"10001":"76979871"}');
    const third = catalogueVersion(entry);
    expect(third).not.toBe(second);
    fs.writeFileSync(path.join(root, 'rules/levels.js'), "export const LEVELS = ['beginner'];");
    expect(catalogueVersion(entry)).not.toBe(third);
  });

  it('covers everything the catalogue imports: its code reaches no folder outside CATALOGUE_SOURCES', () => {
    const sources = new Set<string>(CATALOGUE_SOURCES);
    const folderOf = (file: string) => path.relative(domainSrc, file).split(path.sep)[0]!;
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      expect(sources, `${path.relative(domainSrc, file)} is outside ${[...sources].join(', ')}`).toContain(
        folderOf(file),
      );
      const text = fs.readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        expect(
          specifier!.startsWith('.'),
          `${path.relative(domainSrc, file)} imports the package ${specifier}`,
        ).toBe(true);
        const target = path.resolve(path.dirname(file), specifier!.replace(/\.js$/, '.ts'));
        if (!target.endsWith('.json')) visit(target);
      }
    };
    for (const name of fs.readdirSync(path.join(domainSrc, 'catalogue'), {
      recursive: true,
      encoding: 'utf8',
    }))
      if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) visit(path.join(domainSrc, 'catalogue', name));
    expect(seen.size).toBeGreaterThan(15);
  });
});
