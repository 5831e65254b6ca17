/**
 * Runs every `bench/*.bench.ts` module (or those named on the command line: `npm run bench -- schedule`),
 * writes each one's results to `bench/results/<name>.json` and prints a summary.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchModule } from './bench.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(benchDir, 'results');
const only = process.argv.slice(2);

const names = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

if (names.length === 0) {
  console.error(`No benchmark matches ${only.join(', ') || 'bench/*.bench.ts'}`);
  process.exit(1);
}

mkdirSync(resultsDir, { recursive: true });
let failed = false;
for (const name of names) {
  const startedAt = new Date();
  try {
    const bench = (await import(pathToFileURL(join(benchDir, `${name}.bench.ts`)).href)) as BenchModule;
    const report = await bench.run();
    const file = join(resultsDir, `${name}.json`);
    const environment = {
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      cpu: cpus()[0]?.model,
    };
    const output = {
      name,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      environment,
      ...report.results,
    };
    writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
    console.log(`\n${name} (${output.durationMs} ms) -> ${file}`);
    for (const line of report.summary) console.log(`  ${line}`);
  } catch (error) {
    failed = true;
    console.error(`\n${name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
