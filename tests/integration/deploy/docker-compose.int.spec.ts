import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '@stickwork/app-api';

/**
 * The docker-compose stack of many hosts (docs/scaling-out.md) cannot run here (no Docker engine),
 * so its file is checked for what the stack relies on: only the proxy reachable, and only from the
 * host's loopback; every image pinned; two replicas with their own DATA_DIR on one event store and
 * one PostgreSQL, with the same secrets; the proxy spreading over exactly those replicas; and each
 * replica's environment accepted by the app's own configuration.
 */
interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
}
const read = (file: string) => fs.readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const apps = Object.entries(services).filter(([, service]) => service.build !== undefined);

/** Compose's interpolation of `${NAME}` and `${NAME:?message}` from the operator's environment. */
const interpolate = (value: string | number, environment: Record<string, string>) =>
  String(value).replace(/\$\{(\w+)(?::\?[^}]*)?\}/g, (_, name: string) => {
    const given = environment[name];
    if (given === undefined) throw new Error(`docker-compose.yml needs ${name}`);
    return given;
  });

describe('docker-compose.yml', () => {
  it('publishes only the proxy, and only on the host’s loopback', () => {
    const published = Object.entries(services).filter(([, service]) => (service.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(services.proxy!.ports).toEqual(['127.0.0.1:3000:80']);
  });

  // An exact release: PostgreSQL's are major.minor (16.4), the others major.minor.patch.
  it('pins every image to an exact version', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build !== undefined) continue;
      expect(service.image, name).toMatch(/:v?\d+\.\d+[.\d]*(-[\w.-]+)?$/);
      expect(service.image, name).not.toMatch(/:latest$/);
    }
  });

  it('runs two app replicas, each with a DATA_DIR of its own, on one event store and one PostgreSQL with the same secrets', () => {
    expect(apps.map(([name]) => name)).toEqual(['app-1', 'app-2']);
    const dataVolumes = apps.map(([, app]) => app.volumes?.find((volume) => volume.endsWith(':/data')));
    expect(new Set(dataVolumes).size).toBe(2);
    const [first, second] = apps.map(([, app]) => app.environment!);
    expect(second).toEqual(first);
    expect(first).toMatchObject({
      HOST: '0.0.0.0',
      DATA_DIR: '/data',
      JWT_SECRET: expect.stringMatching(/^\$\{JWT_SECRET:\?/),
      RESERVATION_SECRET: expect.stringMatching(/^\$\{RESERVATION_SECRET:\?/),
    });
    expect(first!.EVENTSTORE_CONNECTION_STRING).toMatch(/^esdb:\/\/eventstore:2113/);
    expect(first!.DATABASE_URL).toMatch(
      /^postgres:\/\/stickwork:\$\{POSTGRES_PASSWORD\}@postgres:5432\/stickwork$/,
    );
  });

  it('gives each replica an environment the app accepts, trusting the proxy for client addresses', () => {
    const operator = {
      JWT_SECRET: randomBytes(48).toString('base64'),
      RESERVATION_SECRET: randomBytes(48).toString('base64'),
      POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    };
    for (const [, app] of apps) {
      const environment = Object.fromEntries(
        Object.entries(app.environment!).map(([name, value]) => [name, interpolate(value, operator)]),
      );
      const config = loadConfig(environment);
      expect(config).toMatchObject({
        host: '0.0.0.0',
        port: 3000,
        jwtSecret: operator.JWT_SECRET,
        databaseUrl: `postgres://stickwork:${operator.POSTGRES_PASSWORD}@postgres:5432/stickwork`,
        trustProxy: ['uniquelocal'],
      });
    }
  });

  it('has the proxy spread requests over exactly the replicas, checking their health', () => {
    const caddyfile = read('deploy/Caddyfile');
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(apps.map(([name, app]) => `${name}:${app.environment!.PORT}`));
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
    expect(services.proxy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});
