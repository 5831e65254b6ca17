import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster for tests (Debian's `postgresql` package, installed by
 * scripts/ensure-postgres.sh): initdb into a temporary directory, trust authentication on
 * 127.0.0.1 only, a free port, fsync off. PostgreSQL refuses to run as root, so as root the
 * directory belongs to the `postgres` OS user and initdb and pg_ctl run as that user.
 *
 * vitest's global setup (tests/support/postgres-cluster.ts) starts one for a whole run; a spec that
 * stops PostgreSQL under a running server starts one of its own, so specs running beside it keep
 * theirs.
 */
export interface PostgresClusterInfo {
  /** The superuser's URL, database `postgres` (trust: no password). */
  url: string;
  port: number;
  dataDir: string;
  binDir: string;
  /** The OS user initdb and pg_ctl run as when we are root, else null (ourselves). */
  osUser: string | null;
}

/** Why no cluster can be started here (no PostgreSQL installed), or null when one can. */
export const postgresUnavailableReason = (): string | null =>
  findBinDir() === null
    ? 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run scripts/ensure-postgres.sh as root, ' +
      "or 'sudo apt-get install -y postgresql'"
    : null;

const findBinDir = (): string | null => {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : path.join(root, versions[0], 'bin');
};

const asClusterUser = (info: Pick<PostgresClusterInfo, 'binDir' | 'osUser'>, tool: string, args: string[]) =>
  info.osUser === null
    ? run(path.join(info.binDir, tool), args)
    : run('runuser', ['-u', info.osUser, '--', path.join(info.binDir, tool), ...args]);

const serverOptions = (info: PostgresClusterInfo) =>
  `-p ${info.port} -k ${info.dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;

/** Starts the cluster's server (again) on its data directory and port; waits until it takes connections. */
export const startPostgresServer = async (info: PostgresClusterInfo): Promise<void> => {
  await asClusterUser(info, 'pg_ctl', [
    'start',
    '--wait',
    '--silent',
    '-D',
    info.dataDir,
    '-l',
    path.join(info.dataDir, 'server.log'),
    '-o',
    serverOptions(info),
  ]);
};

/** Stops the cluster's server at once (connections are cut, as when the database host goes away). */
export const stopPostgresServer = async (info: PostgresClusterInfo): Promise<void> => {
  await asClusterUser(info, 'pg_ctl', ['stop', '--wait', '--silent', '-m', 'fast', '-D', info.dataDir]);
};

/** A new cluster, started. Throws with `postgresUnavailableReason` when PostgreSQL is not installed. */
export const createPostgresCluster = async (): Promise<PostgresClusterInfo> => {
  const binDir = findBinDir();
  if (binDir === null) throw new Error(postgresUnavailableReason()!);
  const osUser = process.getuid?.() === 0 ? 'postgres' : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-postgres-'));
  if (osUser !== null) await run('chown', [osUser, dataDir]);
  fs.chmodSync(dataDir, 0o700);
  const info: PostgresClusterInfo = {
    url: '',
    port: await freePort(),
    dataDir,
    binDir,
    osUser,
  };
  await asClusterUser(info, 'initdb', [
    '--no-sync',
    '--auth=trust',
    '--username=postgres',
    '--encoding=UTF8',
    '-D',
    dataDir,
  ]);
  await startPostgresServer(info);
  return { ...info, url: `postgresql://postgres@127.0.0.1:${info.port}/postgres` };
};

/** Stops the cluster and deletes its directory. */
export const destroyPostgresCluster = async (info: PostgresClusterInfo): Promise<void> => {
  await stopPostgresServer(info).catch(() => undefined);
  fs.rmSync(info.dataDir, { recursive: true, force: true });
};

/** A fresh, empty database in the cluster for one spec (or one test); answers its URL. */
export const createTestDatabase = async (info: PostgresClusterInfo): Promise<string> => {
  const name = `stickwork_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: info.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return `postgresql://postgres@127.0.0.1:${info.port}/${name}`;
};
