/**
 * The EventStoreDB test server as a child process (test support): what `npm run esdb-test-server`
 * runs, started on a free loopback port, so several app servers (in this process or in others)
 * share one store.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('./esdb-test-server-main.ts', import.meta.url));

export interface EsdbTestServerProcess {
  /** `esdb://127.0.0.1:<port>?tls=false` */
  readonly connectionString: string;
  /** SIGTERM, then resolves once the process has exited. */
  stop(): Promise<void>;
}

export const startEsdbTestServerProcess = ({ port = 0 }: { port?: number } = {}) =>
  new Promise<EsdbTestServerProcess>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), '--conditions=source', MAIN, '--port', String(port)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      const connectionString = /^(esdb:\/\/\S+)$/m.exec(stdout)?.[1];
      if (!connectionString) return;
      resolve({
        connectionString,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`esdb-test-server exited (${signal ?? code}) before listening: ${stderr.trim()}`)),
    );
  });
