import type { Plugin } from 'vite';

/** What the server names in a page's HTML beside the entry's own files (see app-api/src/http/web-app.ts). */
export interface RoutePreload {
  scripts: string[];
  styles: string[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Writes route-preloads.json: for every page module in src/app/routes/<name>.tsx, the chunks it
 * loads (its own and their static imports) and their CSS, less what the entry loads anyway. The
 * server puts them in the HTML of that page, so a first visit fetches a page's code alongside the
 * entry instead of after it has run (Lighthouse's first and largest paint).
 */
export const routePreloads = (): Plugin => ({
  name: 'stickwork-route-preloads',
  apply: 'build',
  generateBundle: {
    // After Vite's own hooks: its CSS plugin drops chunks that only imported CSS from the bundle.
    order: 'post',
    handler(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file] as const] : [],
        ),
      );
      const closure = (start: string) => {
        const seen = new Set<string>();
        const queue = [start];
        while (queue.length > 0) {
          const name = queue.pop()!;
          if (seen.has(name)) continue;
          if (!chunks.has(name)) continue;
          seen.add(name);
          // Only files the build writes: an import of a dropped chunk is no file to preload.
          queue.push(...(chunks.get(name)?.imports ?? []).filter((file) => chunks.has(file)));
        }
        return seen;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      const initial = entry ? closure(entry.fileName) : new Set<string>();
      const routes: Record<string, RoutePreload> = {};
      for (const chunk of chunks.values()) {
        const route = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (!route || !chunk.isDynamicEntry) continue;
        const files = [...closure(chunk.fileName)].filter((name) => !initial.has(name));
        routes[route] = {
          scripts: files.map((name) => `/${name}`),
          styles: files
            .flatMap((name) => [...(chunks.get(name)?.viteMetadata?.importedCss ?? [])])
            .map((name) => `/${name}`),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(routes, null, 2),
      });
    },
  },
});
