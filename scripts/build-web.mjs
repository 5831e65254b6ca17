// Builds app-web with Vite unless its build is newer than every source it is made from,
// so a second `npm start` starts in seconds.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'app-web/dist/index.html');
const inputs = [
  'app-web/src',
  'app-web/public',
  'app-web/index.html',
  'app-web/vite.config.ts',
  'app-web/build',
  'domain/src',
  'sheet-music/src',
  'package-lock.json',
];

const newest = (entry) => {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
};

const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
if (process.env.FORCE_WEB_BUILD || inputs.some((input) => newest(path.join(root, input)) > built)) {
  execFileSync('npm', ['run', 'build', '-w', '@stickwork/app-web'], { cwd: root, stdio: 'inherit' });
} else {
  console.log('app-web is up to date');
}
