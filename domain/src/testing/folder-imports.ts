import { posix } from 'node:path';

/** `from` imports `to`, because of these files. */
export interface FolderEdge {
  from: string;
  to: string;
  files: string[];
}

const SPECIFIERS = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g;

/**
 * The imports between the top folders of `sources` (paths relative to the source root, with `/`),
 * from the relative specifiers of `import`, `export … from` and `import()`. Files at the root
 * (index.ts) belong to no folder. Imports of `ignoredTargets` are left out: `testing` is the test
 * support every folder's specs use, and it may use any folder.
 */
export const folderEdges = (
  sources: ReadonlyMap<string, string>,
  ignoredTargets: readonly string[] = ['testing'],
): FolderEdge[] => {
  const edges = new Map<string, FolderEdge>();
  for (const [path, source] of sources) {
    const from = path.split('/')[0]!;
    if (!path.includes('/')) continue;
    for (const [, specifier] of source.matchAll(SPECIFIERS)) {
      const target = posix.normalize(posix.join(posix.dirname(path), specifier!));
      const to = target.split('/')[0]!;
      if (to === from || to.startsWith('..') || !target.includes('/') || ignoredTargets.includes(to))
        continue;
      const key = `${from} -> ${to}`;
      const edge = edges.get(key) ?? { from, to, files: [] };
      if (!edge.files.includes(path)) edge.files.push(path);
      edges.set(key, edge);
    }
  }
  return [...edges.values()];
};

/** Each pair of folders that import each other, as `a <-> b (files…)`. */
export const mutualImports = (edges: readonly FolderEdge[]): string[] =>
  edges
    .filter(({ from, to }) => from < to && edges.some((edge) => edge.from === to && edge.to === from))
    .map(({ from, to, files }) => {
      const back = edges.find((edge) => edge.from === to && edge.to === from)!;
      return `${from} <-> ${to} (${[...files, ...back.files].join(', ')})`;
    });

/** A cycle of folders (a -> b -> c -> a), or null when the folders form layers. */
export const folderCycle = (edges: readonly FolderEdge[]): string[] | null => {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (folder: string): string[] | null => {
    const open = path.indexOf(folder);
    if (open >= 0) return [...path.slice(open), folder];
    if (done.has(folder)) return null;
    path.push(folder);
    for (const to of next.get(folder) ?? []) {
      const cycle = visit(to);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(folder);
    return null;
  };
  for (const folder of next.keys()) {
    const cycle = visit(folder);
    if (cycle) return cycle;
  }
  return null;
};
