import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderCycle, folderEdges, mutualImports } from './folder-imports.js';

/** Every TypeScript file under domain/src, specs included, by its path from there. */
const domainSources = (): Map<string, string> => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const paths = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((path) =>
    /\.tsx?$/.test(path),
  );
  return new Map(paths.map((path) => [path.split('\\').join('/'), readFileSync(root + path, 'utf8')]));
};

describe('domain folders', () => {
  const edges = folderEdges(domainSources());

  it('never import each other (DESIGN.md: one concept per folder, dependencies one way)', () => {
    expect(edges.length).toBeGreaterThan(10);
    expect(mutualImports(edges)).toEqual([]);
  });

  it('form layers: no cycle through three or more folders either', () => {
    expect(folderCycle(edges)).toBeNull();
  });
});

describe('the folder check', () => {
  const sources = new Map([
    ['rules/usage.ts', "import { dayKeyInZone } from '../progress/day-keys.js';"],
    ['progress/gauges.ts', "import type { Level } from '../rules/levels.js';\nexport * from './x.js';"],
    ['schemas/fields.ts', "const lazy = () => import('../rules/levels.js');"],
    ['catalogue/families/pad.ts', "import { levelAt } from '../../schemas/fields.js';"],
    ['decider/decider.spec.ts', "import { givenWhenThen } from '../testing/given-when-then.js';"],
    ['index.ts', "export * from './rules/usage.js';"],
  ]);

  it('finds two folders that import each other, with the files that do', () => {
    expect(mutualImports(folderEdges(sources))).toEqual([
      'progress <-> rules (progress/gauges.ts, rules/usage.ts)',
    ]);
  });

  it('finds a cycle through three folders, and follows dynamic imports and nested files', () => {
    const layered = new Map([...sources].filter(([path]) => path !== 'progress/gauges.ts'));
    expect(mutualImports(folderEdges(layered))).toEqual([]);
    layered.set('rules/levels.ts', "import { Pad } from '../catalogue/families/pad.js';");
    expect(folderCycle(folderEdges(layered))).toEqual(['rules', 'catalogue', 'schemas', 'rules']);
  });

  it('leaves out imports of the test support and of files at the root', () => {
    expect(folderEdges(sources).map(({ from, to }) => `${from} -> ${to}`)).not.toContain(
      'decider -> testing',
    );
  });
});
