import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { repositoryRoot } from './run-cli.js';

/**
 * vitest global setup of the cli project. Its specs run the built command as an operator does
 * (`npx stickwork` runs cli/bin/stickwork.js), so the build must be as new as the sources:
 * `tsc -b` brings it up to date (a second or two when nothing changed). bin/stickwork.js then runs
 * the bundle while it is as new as its inputs (after `npm run build`), else the unbundled build.
 */
export default function setup() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-b'], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const output = (error as { stdout?: Buffer }).stdout?.toString() ?? String(error);
    throw new Error(`the CLI specs run the built command, and \`tsc -b\` failed:\n${output}`);
  }
}
