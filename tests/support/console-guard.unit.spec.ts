import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { consoleFailure, recordConsole, type ConsoleLog, type ConsoleSource } from './console-guard.js';

/** A browser context as the guard sees it: console messages and uncaught page errors. */
const fakeContext = () => {
  const emitter = new EventEmitter();
  return {
    context: emitter as unknown as ConsoleSource,
    log: (type: string, text: string, url = 'http://localhost:3100/') =>
      emitter.emit('console', { type: () => type, text: () => text, location: () => ({ url }) }),
    throwInPage: (error: Error) => emitter.emit('weberror', { error: () => error }),
  };
};

const guarded = (allowed: RegExp[] = []) => {
  const fake = fakeContext();
  const log: ConsoleLog = { entries: [], allowed };
  recordConsole(fake.context, log);
  return { ...fake, consoleLog: log };
};

describe('the e2e console guard', () => {
  it('fails a passing test on a console warning it did not expect, naming it and where it came from', () => {
    const { log, consoleLog } = guarded();
    log('warning', 'an unexpected warning');
    const failure = consoleFailure(consoleLog, 'passed');
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).toContain('[warning] an unexpected warning @ http://localhost:3100/');
    expect(failure!.message).toContain('allowConsole(/pattern/)');
  });

  it('fails a passing test on a console error and on an uncaught error in the page', () => {
    const errors = guarded();
    errors.log('error', 'Failed to load resource: the server responded with a status of 500');
    expect(consoleFailure(errors.consoleLog, 'passed')!.message).toContain(
      '[error] Failed to load resource: the server responded with a status of 500',
    );

    const thrown = guarded();
    const error = new Error('an uncaught error');
    thrown.throwInPage(error);
    expect(thrown.consoleLog.entries).toEqual([{ kind: 'pageerror', text: error.stack }]);
    expect(consoleFailure(thrown.consoleLog, 'passed')!.message).toContain(
      '[pageerror] Error: an uncaught error',
    );
  });

  it('passes what the test allows (matched with the URL that logged it), and ignores info and debug messages', () => {
    const { log, consoleLog } = guarded([
      /^an expected warning/,
      /status of 429 .* @ http:\/\/localhost:3100\/api\/usage$/,
    ]);
    log('warning', 'an expected warning');
    log(
      'error',
      'Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
      'http://localhost:3100/api/usage',
    );
    log('info', 'Download the React DevTools');
    log('log', 'hello');
    log('debug', 'details');
    expect(consoleFailure(consoleLog, 'passed')).toBeNull();
    expect(consoleLog.entries).toHaveLength(2);
  });

  it('an allowed pattern covers only what it matches', () => {
    const { log, consoleLog } = guarded([/^an expected warning/]);
    log('warning', 'an expected warning');
    log('warning', 'another warning');
    const failure = consoleFailure(consoleLog, 'passed')!;
    expect(failure.message).toContain('[warning] another warning');
    expect(failure.message).not.toContain('[warning] an expected warning');
  });

  it('leaves a test that failed already to report its own error', () => {
    const { log, consoleLog } = guarded();
    log('error', 'an error');
    for (const status of ['failed', 'timedOut', 'interrupted', 'skipped'])
      expect(consoleFailure(consoleLog, status)).toBeNull();
  });
});
