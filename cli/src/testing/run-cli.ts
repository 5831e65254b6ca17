import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

// The built command `npx stickwork` runs (the cli project's global setup builds it first).
const cliArgs = (args: string[]) => [path.join(root, 'cli/bin/stickwork.js'), ...args];
const cliEnv = (env: Record<string, string>) => ({ ...process.env, LOG_LEVEL: 'silent', ...env });

/** Runs the built CLI as an operator would, in a separate process. */
export const runCli = (
  args: string[],
  env: Record<string, string> = {},
  { cwd = root }: { cwd?: string } = {},
): Promise<CliRun> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      cliArgs(args),
      { cwd, env: cliEnv(env), timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });

/** The CLI as a running process, for what happens while it runs (Ctrl-C, a reader that leaves). */
export const spawnCli = (args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams =>
  spawn(process.execPath, cliArgs(args), { cwd: root, env: cliEnv(env) });

/** The CLI's command line for a shell (e.g. `script -c`, to run it on a pseudo-terminal). */
export const cliCommandLine = (args: string[]): string =>
  [process.execPath, ...cliArgs(args)].map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');

export { root as repositoryRoot };
