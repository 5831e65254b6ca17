import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
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
