#!/usr/bin/env node
// The operator CLI. It runs the compiled build, which `npm start` and `npm run build` produce: the
// bundle (dist/stickwork.js, cli/scripts/bundle.mjs) when it is at least as new as every file it was
// made from, else the unbundled build (dist/main.js), e.g. after a `tsc -b` alone.
import { existsSync, readFileSync, statSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
const bundle = new URL('../dist/stickwork.js', import.meta.url);
const root = new URL('../../', import.meta.url);

const bundleIsFresh = () => {
  try {
    const { builtAt, inputs } = JSON.parse(
      readFileSync(new URL('../dist/stickwork.inputs.json', import.meta.url), 'utf8'),
    );
    return inputs.every((input) => statSync(new URL(input, root)).mtimeMs <= builtAt);
  } catch {
    return false; // no bundle, or one of its inputs is gone
  }
};

if (!existsSync(main)) {
  console.error('stickwork: the CLI is not built yet. Run `npm run build` in the repository first.');
  process.exit(1);
}
await import((process.env.STICKWORK_CLI_BUNDLE !== '0' && bundleIsFresh() ? bundle : main).href);
