import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI from its TypeScript source as an operator would, in a separate process. */
export const runCli = (args: string[], env: Record<string, string> = {}): Promise<CliRun> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', path.join(root, 'cli/src/main.ts'), ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
