// Bundles the built CLI (cli/dist/main.js, from `tsc -b`) into cli/dist/stickwork.js and its lazily
// loaded chunks in cli/dist/bundle/, which bin/stickwork.js runs, for a quick start. Node loads each
// of the ~300 small ES modules a read command needs (the workspace packages, zod, date-fns, xstate,
// commander) separately: resolving, reading and linking them was about a third of a command's CPU
// time. Packages that are native, read files beside themselves or are heavy and rarely needed stay
// outside (resolved from node_modules at run time, as before). A manifest lists the bundle's inputs:
// bin/stickwork.js runs the unbundled build instead when any of them is newer (after a `tsc -b`
// alone), so the bundle can never run stale code.
//
// Usage: node cli/scripts/bundle.mjs [--outdir DIR]   (default cli/dist; `npm run build` runs it)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(cliDir, '..');
const outdirArgument = process.argv.indexOf('--outdir');
const outdir =
  outdirArgument === -1 ? path.join(cliDir, 'dist') : path.resolve(process.argv[outdirArgument + 1]);

/** Pure JavaScript packages a read command loads: bundled. Every other package stays outside. */
const BUNDLED = new Set([
  '@stickwork/domain',
  '@stickwork/projections',
  '@stickwork/app-api',
  'zod',
  'date-fns',
  '@date-fns/tz',
  'xstate',
  'pure-rand',
  'ts-pattern',
  'commander',
  'fflate',
]);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const outsideTheBundle = {
  name: 'outside-the-bundle',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
      specifier.startsWith('node:') || !BUNDLED.has(packageOf(specifier))
        ? { path: specifier, external: true }
        : undefined,
    );
  },
};

const entry = path.join(cliDir, 'dist/main.js');
if (!fs.existsSync(entry)) {
  console.error('cli/scripts/bundle.mjs: cli/dist/main.js is missing: run `tsc -b` first');
  process.exit(1);
}
const builtAt = Date.now();
// The chunks of an earlier bundle go: their names change with their contents.
fs.rmSync(path.join(outdir, 'bundle'), { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: { stickwork: entry },
  outdir,
  chunkNames: 'bundle/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [outsideTheBundle],
  // CommonJS packages bundled into ES modules (commander) still call require() for Node's modules.
  banner: {
    js: "import { createRequire as __stickworkRequire } from 'node:module'; const require = __stickworkRequire(import.meta.url);",
  },
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
// Relative to the repository root, as bin/stickwork.js checks them. Bundled packages change only with
// an install, which rewrites node_modules/.package-lock.json: that one file stands for all of them.
const allInputs = Object.keys(result.metafile.inputs).map((input) =>
  path.relative(root, path.resolve(process.cwd(), input)),
);
const inputs = fs.existsSync(path.join(root, 'node_modules/.package-lock.json'))
  ? [
      ...allInputs.filter((input) => !input.startsWith(`node_modules${path.sep}`)),
      'node_modules/.package-lock.json',
    ]
  : allInputs;
fs.writeFileSync(path.join(outdir, 'stickwork.inputs.json'), `${JSON.stringify({ builtAt, inputs })}\n`);

// The catalogue summary `catalogue stats`, `history` and `replay` read (cli/src/catalogue/catalogue-summary.ts)
// is made now, for the build just bundled, so the first command after a build does not generate it.
if (outdirArgument === -1) {
  execFileSync(process.execPath, [path.join(outdir, 'stickwork.js'), 'catalogue', 'stats', '--json'], {
    stdio: 'ignore',
  });
}
