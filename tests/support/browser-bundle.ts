import { build } from 'esbuild';

/** One ES module for a browser page, bundled from `entry` (domain read from its TypeScript source). */
export const bundleForBrowser = async (entry: string): Promise<string> => {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
};
