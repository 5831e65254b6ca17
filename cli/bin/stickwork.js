#!/usr/bin/env node
// The operator CLI. It runs the compiled build, which `npm start` and `npm run build` produce.
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('stickwork: the CLI is not built yet. Run `npm run build` in the repository first.');
  process.exit(1);
}
await import(main.href);
