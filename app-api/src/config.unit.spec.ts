import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const SHARED_SECRETS = {
  JWT_SECRET: 'k7Qp2vX9mR4tW8yZ1cF6hJ3nB5dG0sLaEuIoPq',
  RESERVATION_SECRET: 'Zr8Tq1Wm5Yx3Vn7Bk2Hc9Jf4Ld6Gs0PaEuIoQw',
};

describe('configuration from the environment', () => {
  it('defaults to port 3000, ./data and the embedded store', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      eventStoreConnectionString: undefined,
      jwtSecret: undefined,
      smtpUrl: undefined,
      stripe: undefined,
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
      practiceWritesPerMinute: 120,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ EVENTSTORE_CONNECTION_STRING: '', SMTP_URL: ' ' })).toMatchObject({
      eventStoreConnectionString: undefined,
      smtpUrl: undefined,
    });
  });

  it('takes DATABASE_URL as a postgres:// or postgresql:// URL, and leaves it unset by default', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeUndefined();
    for (const url of [
      'postgres://stickwork:s3cret@db.internal:5432/stickwork',
      'postgresql://127.0.0.1/stickwork?sslmode=require',
      'postgresql:///stickwork?host=/var/run/postgresql',
    ])
      expect(loadConfig({ DATABASE_URL: url, ...SHARED_SECRETS }).databaseUrl).toBe(url);
  });

  it('wants the secrets every host shares beside DATABASE_URL, naming the missing ones', () => {
    const url = 'postgresql://127.0.0.1/stickwork';
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
      'Configuration error: JWT_SECRET and RESERVATION_SECRET are required when DATABASE_URL is set (the same on every host; a host that generated them has them in DATA_DIR/secrets/)',
    );
    expect(() => loadConfig({ DATABASE_URL: url, JWT_SECRET: SHARED_SECRETS.JWT_SECRET })).toThrow(
      'Configuration error: RESERVATION_SECRET is required when DATABASE_URL is set (the same on every host; a host that generated it has it in DATA_DIR/secrets/)',
    );
    // One host on its own keeps generating them into DATA_DIR.
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('trusts X-Forwarded-For from loopback unless TRUST_PROXY names other proxies', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal, 192.0.2.7, 2001:db8::/32' }).trustProxy).toEqual([
      'uniquelocal',
      '192.0.2.7',
      '2001:db8::/32',
    ]);
    for (const value of ['everyone', '10.0.0.0/33', '10.0.0.1/8/1', 'true'])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        'Configuration error: TRUST_PROXY must be a comma-separated list of loopback, linklocal, uniquelocal, IP addresses or CIDR ranges (10.0.0.0/8)',
      );
  });

  it.each([
    'mysql://user:pw@db/stickwork',
    'db.internal:5432/stickwork',
    'postgres://',
    'postgresql://user:pw@[::1/stickwork',
  ])('refuses DATABASE_URL %s in one line that never repeats the value', (url) => {
    const load = () => loadConfig({ DATABASE_URL: url });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /^Configuration error: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'Configuration error: PORT must be a port number'],
    [{ PORT: '70000' }, 'Configuration error: PORT must be between 0 and 65535'],
    [
      { EVENTSTORE_CONNECTION_STRING: 'http://localhost:2113' },
      'Configuration error: EVENTSTORE_CONNECTION_STRING must be an esdb:// or kurrentdb:// connection string',
    ],
    [
      { JWT_SECRET: 'short' },
      'Configuration error: JWT_SECRET must be at least 32 characters long (or unset, to generate one)',
    ],
    [{ SMTP_URL: 'mail.example.com' }, 'Configuration error: SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'Configuration error: LOG_LEVEL'],
    [{ WEB_CONCURRENCY: '0' }, 'Configuration error: WEB_CONCURRENCY must be at least 1'],
    [
      { WEB_CONCURRENCY: 'many' },
      'Configuration error: WEB_CONCURRENCY must be a whole number of worker processes',
    ],
    [
      { WEB_CONCURRENCY: '1.5' },
      'Configuration error: WEB_CONCURRENCY must be a whole number of worker processes',
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_123' },
      'Configuration error: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC_MONTHLY, STRIPE_PRICE_BASIC_YEARLY, STRIPE_PRICE_PREMIUM_MONTHLY, STRIPE_PRICE_PREMIUM_YEARLY, STRIPE_PRICE_EXCLUSIVE_MONTHLY, STRIPE_PRICE_EXCLUSIVE_YEARLY are required when STRIPE_SECRET_KEY is set',
    ],
    [
      {
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PRICE_BASIC_MONTHLY: 'p1',
        STRIPE_PRICE_BASIC_YEARLY: 'p2',
        STRIPE_PRICE_PREMIUM_MONTHLY: 'p3',
        STRIPE_PRICE_PREMIUM_YEARLY: 'p4',
        STRIPE_PRICE_EXCLUSIVE_MONTHLY: 'p5',
      },
      'Configuration error: STRIPE_PRICE_EXCLUSIVE_YEARLY is required when STRIPE_SECRET_KEY is set',
    ],
  ])('stops on %o with one message naming the variable', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });

  it('serves with one worker process per core unless WEB_CONCURRENCY says how many', () => {
    expect(loadConfig({}).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: '' }).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
  });

  it('reads a complete Stripe configuration', () => {
    const prices = {
      STRIPE_PRICE_BASIC_MONTHLY: 'price_1',
      STRIPE_PRICE_BASIC_YEARLY: 'price_2',
      STRIPE_PRICE_PREMIUM_MONTHLY: 'price_3',
      STRIPE_PRICE_PREMIUM_YEARLY: 'price_4',
      STRIPE_PRICE_EXCLUSIVE_MONTHLY: 'price_5',
      STRIPE_PRICE_EXCLUSIVE_YEARLY: 'price_6',
    };
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      ...prices,
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', prices });
  });
});
