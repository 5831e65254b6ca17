// Adds up the vitest and Playwright JSON reports into one closing line, after the names of the
// tests that failed (so a log cut to its last lines still says which ones).
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = process.argv[2];
const read = (name) => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
};
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim() !== '') ?? '';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const vitest = read('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed outside any test (an import, a hook) has no failed test to name.
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${where}: ${firstLine(file.message)}`);
  }
}
const playwright = read('playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // A top-level suite is the file, already named.
  for (const suite of playwright.suites ?? []) walk(suite, []);
}
if (!vitest || !playwright) failed += 1; // a suite that wrote no report did not run
if (failures.length > 0) {
  console.log('\nfailed:');
  // Escape sequences (colours in messages) would garble a plain log.
  for (const failure of failures) console.log(`  ${stripVTControlCharacters(failure).slice(0, 400)}`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
