import {
  ANY,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
} from '@eventstore/db-client';
import { WrongExpectedRevisionError, type EventMetadata } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import {
  endpointsOf,
  fromEsdbCurrentRevision,
  fromResolvedEvent,
  isBeforeTruncation,
  isSystemEvent,
  pickMetadata,
  toConnectionError,
  toEsdbConnectionString,
  toEsdbEvent,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toGlobalPosition,
  toPortError,
  uuidFor,
} from './eventstoredb-mapping.js';

const metadata: EventMetadata = {
  schemaVersion: 2,
  time: '2025-03-01T09:30:15.123Z',
  correlationId: 'correlation-1',
  causationId: 'causation-1',
  operator: 'operator@stickwork.example',
};

/** The client's error as the server reports it (its constructor needs a gRPC error). */
const wrongExpectedVersion = (actualVersion: bigint | typeof NO_STREAM) =>
  Object.assign(Object.create(WrongExpectedVersionError.prototype) as WrongExpectedVersionError, {
    streamName: 'customer-1',
    expectedVersion: NO_STREAM,
    actualVersion,
  });

const resolved = (
  overrides: Partial<NonNullable<AllStreamResolvedEvent['event']>> = {},
): AllStreamResolvedEvent =>
  ({
    event: {
      streamId: 'customer-1',
      id: '2f1e0d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      isJson: true,
      revision: 4n,
      type: 'CustomerRegistered',
      created: new Date('2025-03-01T09:30:15.200Z'),
      data: { email: 'drummer@example.com' },
      metadata,
      position: { commit: 1234n, prepare: 1234n },
      ...overrides,
    },
  }) as AllStreamResolvedEvent;

describe('expected revisions', () => {
  it.each([
    ['no_stream', NO_STREAM],
    ['any', ANY],
    ['stream_exists', STREAM_EXISTS],
    [0, 0n],
    [41, 41n],
  ] as const)('maps %s to the client value %s', (ours, theirs) => {
    expect(toEsdbExpectedRevision(ours)).toBe(theirs);
  });

  it('maps the current revision the server reports', () => {
    expect(fromEsdbCurrentRevision(NO_STREAM)).toBe('no_stream');
    expect(fromEsdbCurrentRevision(7n)).toBe(7);
  });
});

describe('errors', () => {
  it('turns a version conflict into the one typed error with expected and actual revisions', () => {
    const error = toPortError(wrongExpectedVersion(3n), 'customer-1', 'no_stream');
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ streamId: 'customer-1', expected: 'no_stream', actual: 3 });

    expect(toPortError(wrongExpectedVersion(NO_STREAM), 'customer-1', 'stream_exists')).toMatchObject({
      expected: 'stream_exists',
      actual: 'no_stream',
    });
  });

  it('passes other errors through unchanged', () => {
    const notFound = new StreamNotFoundError(undefined, 'customer-1');
    expect(toPortError(notFound, 'customer-1', 'any')).toBe(notFound);
  });
});

describe('positions', () => {
  it('uses the commit position as the global position and back', () => {
    expect(toGlobalPosition({ commit: 1234n, prepare: 1234n })).toBe(1234);
    expect(toEsdbPosition(1234)).toEqual({ commit: 1234n, prepare: 1234n });
  });

  it('refuses a commit position a Number cannot hold exactly', () => {
    expect(() => toGlobalPosition({ commit: 2n ** 53n, prepare: 2n ** 53n })).toThrow(RangeError);
  });
});

describe('recorded events', () => {
  it('maps a resolved event with its revision, position and exactly our metadata', () => {
    expect(
      fromResolvedEvent(resolved({ metadata: { ...metadata, $correlationId: 'added-by-server' } })),
    ).toStrictEqual({
      id: '2f1e0d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      streamId: 'customer-1',
      type: 'CustomerRegistered',
      data: { email: 'drummer@example.com' },
      metadata,
      revision: 4,
      position: 1234,
    });
  });

  it('keeps only well-formed metadata fields', () => {
    expect(
      pickMetadata({ schemaVersion: 2, time: 't', operator: 7, causationId: null, other: 'x' }),
    ).toStrictEqual({
      schemaVersion: 2,
      time: 't',
    });
  });

  it('keeps optional metadata absent when it was not written', () => {
    const minimal = { schemaVersion: 1, time: '2025-03-01T09:30:15.123Z' };
    expect(fromResolvedEvent(resolved({ metadata: minimal }))?.metadata).toStrictEqual(minimal);
  });

  it('shows no system, link-less or binary events', () => {
    expect(fromResolvedEvent(resolved({ streamId: '$$customer-1', type: '$metadata' }))).toBeUndefined();
    expect(fromResolvedEvent(resolved({ type: '$>' }))).toBeUndefined();
    expect(fromResolvedEvent({})).toBeUndefined();
    expect(
      fromResolvedEvent(resolved({ isJson: false, data: new Uint8Array([1]) } as never)),
    ).toBeUndefined();
    expect(isSystemEvent('$stats-127.0.0.1:2113', 'StatsCollected')).toBe(true);
    expect(isSystemEvent('practice-1', 'LessonEvaluated')).toBe(false);
  });

  it('reads an event without a position (stream reads on old servers) as position -1', () => {
    expect(fromResolvedEvent(resolved({ position: undefined }))?.position).toBe(-1);
  });
});

describe('events to append', () => {
  it('sends a UUID id as it is, with exactly our metadata as JSON', () => {
    const id = '6c1b7a52-0d55-4f4e-9d0e-3f2f8a1b2c3d';
    const data = toEsdbEvent(
      {
        type: 'LessonEvaluated',
        data: { rating: 'easy' },
        metadata: { ...metadata, extra: 'x' } as EventMetadata,
      },
      id,
    );
    expect(data).toMatchObject({
      id,
      type: 'LessonEvaluated',
      contentType: 'application/json',
      data: { rating: 'easy' },
    });
    expect(data.metadata).toStrictEqual(metadata);
  });

  it('sends another id as a stable UUID and reads the original id back', () => {
    const stripeId = 'evt_1PQRstUVwxYZ';
    const sent = toEsdbEvent({ type: 'PaymentReceived', data: {}, metadata }, stripeId);
    expect(sent.id).toBe(uuidFor(stripeId));
    expect(sent.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidFor('evt_other')).not.toBe(sent.id);

    const read = fromResolvedEvent(resolved({ id: sent.id, metadata: sent.metadata as never }));
    expect(read?.id).toBe(stripeId);
    expect(read?.metadata).toStrictEqual(metadata);
  });
});

describe('soft-deleted streams', () => {
  it('hides the events before the truncate-before revision', () => {
    expect(isBeforeTruncation(3, undefined)).toBe(false);
    expect(isBeforeTruncation(3, START)).toBe(false);
    expect(isBeforeTruncation(3, END)).toBe(true);
    expect(isBeforeTruncation(3, 4)).toBe(true);
    expect(isBeforeTruncation(4, 4)).toBe(false);
    expect(isBeforeTruncation(5, Number.MAX_SAFE_INTEGER)).toBe(true);
  });
});

describe('connection strings', () => {
  it('reads kurrentdb:// and kdb:// as the esdb:// the client knows, options kept', () => {
    expect(toEsdbConnectionString('kurrentdb://admin:changeit@db:2113?tls=false')).toBe(
      'esdb://admin:changeit@db:2113?tls=false',
    );
    expect(toEsdbConnectionString('kdb+discover://a:2113,b:2113')).toBe('esdb+discover://a:2113,b:2113');
    expect(toEsdbConnectionString('esdb://localhost:2113?tls=false')).toBe('esdb://localhost:2113?tls=false');
  });

  it('names hosts and ports without the credentials', () => {
    expect(endpointsOf('kurrentdb://admin:secret@db.example:2114?tls=false')).toBe('db.example:2114');
    expect(endpointsOf('esdb+discover://a,b:3000')).toBe('a:2113, b:3000');
  });

  it('turns gRPC unavailability into one line naming host and port, and leaves other errors alone', () => {
    const grpc = Object.assign(
      new Error('14 UNAVAILABLE: No connection established. Last error: connect ECONNREFUSED'),
      {
        type: 'unavailable',
      },
    );
    const translated = toConnectionError(grpc, 'kurrentdb://admin:secret@localhost:1?tls=false') as Error;
    expect(translated.message).toBe('EventStoreDB is unreachable at localhost:1');
    expect(translated.message).not.toContain('secret');
    const other = new Error('boom');
    expect(toConnectionError(other, 'esdb://x')).toBe(other);
  });
});
