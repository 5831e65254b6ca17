/**
 * An in-process gRPC server speaking the part of EventStoreDB's protocol the adapter uses
 * (test-only code), so the event-store contract runs through the real `@eventstore/db-client`
 * over real gRPC without a database. It serves the service definitions the client ships
 * (`@eventstore/db-client/generated/*_grpc_pb.js`, compiled from EventStoreDB's streams.proto,
 * serverfeatures.proto, shared.proto and status.proto) over an in-memory log (`EsdbTestLog`).
 *
 * Served: Streams.Read (a stream or `$all`, forwards and backwards, server-side filters, catch-up
 * subscriptions to `$all` with filters and checkpoints), Streams.Append, Streams.BatchAppend,
 * Streams.Delete, Streams.Tombstone and ServerFeatures.GetSupportedMethods. Not served: stream
 * subscriptions, persistent subscriptions, projections, users, operations (scavenge), gossip and
 * cluster (so no `esdb+discover://` or multi-node strings), TLS and credentials (ACLs).
 * Error shapes follow EventStoreDB's `RpcExceptions` (src/EventStore.Core/Services/Transport/Grpc/
 * RpcExceptions.cs): status FAILED_PRECONDITION with an `exception` metadata entry naming the error.
 */
import { createRequire } from 'node:module';
import type * as Grpc from '@grpc/grpc-js';
import type * as StreamsPb from '@eventstore/db-client/generated/streams_pb.js';
import type * as SharedPb from '@eventstore/db-client/generated/shared_pb.js';
import type * as StatusPb from '@eventstore/db-client/generated/status_pb.js';
import type * as CodePb from '@eventstore/db-client/generated/code_pb.js';
import type * as ServerFeaturesPb from '@eventstore/db-client/generated/serverfeatures_pb.js';
import type * as StreamsGrpcPb from '@eventstore/db-client/generated/streams_grpc_pb.js';
import type * as ServerFeaturesGrpcPb from '@eventstore/db-client/generated/serverfeatures_grpc_pb.js';
import type * as AnyPb from 'google-protobuf/google/protobuf/any_pb.js';
import {
  EsdbTestLog,
  type AppendOutcome,
  type ExpectedState,
  type LoggedEvent,
  type ProposedEvent,
} from './esdb-test-log.js';

// The client is CommonJS and checks `instanceof` on its message classes: load the very same
// modules it loads (and the same @grpc/grpc-js) through require.
const require = createRequire(import.meta.url);
const grpc = require('@grpc/grpc-js') as typeof Grpc;
const streamsPb = require('@eventstore/db-client/generated/streams_pb.js') as typeof StreamsPb;
const sharedPb = require('@eventstore/db-client/generated/shared_pb.js') as typeof SharedPb;
const statusPb = require('@eventstore/db-client/generated/status_pb.js') as typeof StatusPb;
const codePb = require('@eventstore/db-client/generated/code_pb.js') as typeof CodePb;
const featuresPb = require('@eventstore/db-client/generated/serverfeatures_pb.js') as typeof ServerFeaturesPb;
const streamsGrpc = require('@eventstore/db-client/generated/streams_grpc_pb.js') as typeof StreamsGrpcPb;
const featuresGrpc =
  require('@eventstore/db-client/generated/serverfeatures_grpc_pb.js') as typeof ServerFeaturesGrpcPb;
const anyPb = require('google-protobuf/google/protobuf/any_pb.js') as typeof AnyPb;

const { ReadReq, ReadResp, AppendResp, BatchAppendResp, DeleteResp, TombstoneResp } = streamsPb;

export interface EsdbTestServerOptions {
  /**
   * Advertise Streams.BatchAppend through ServerFeatures, as EventStoreDB 21.10+ does; the client
   * then appends through it. False leaves only the older unary-style Append. Default true.
   */
  batchAppend?: boolean;
}

/** Reads the server has answered since it started: what a caller's read costs, for specs and measurements. */
export interface EsdbTestServerReads {
  /** Streams.Read of one stream (a stream metadata read is one of `$$<stream>`). */
  streamReads: number;
  /** Streams.Read of `$all` (pages), subscriptions not counted. */
  allReads: number;
  /** Events sent by `$all` reads. */
  allEventsSent: number;
}

export interface EsdbTestServer {
  /** `esdb://127.0.0.1:<port>?tls=false` */
  readonly connectionString: string;
  readonly log: EsdbTestLog;
  readonly reads: EsdbTestServerReads;
  close(): Promise<void>;
}

export interface EsdbTestServerListenOptions extends EsdbTestServerOptions {
  /** Loopback port to listen on; 0 (the default) takes a free one. */
  port?: number;
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** EventStoreDB's `ExpectedVersion` numbers, as sent in the `expected-version` error metadata. */
const expectedVersionNumber = (expected: ExpectedState): string =>
  expected === 'any'
    ? '-2'
    : expected === 'no_stream'
      ? '-1'
      : expected === 'stream_exists'
        ? '-4'
        : String(expected);

const rpcError = (code: Grpc.status, details: string, entries: Record<string, string>) => {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(entries)) metadata.add(key, value);
  return Object.assign(new Error(details), { code, details, metadata });
};

const streamDeletedError = (streamId: string) =>
  rpcError(grpc.status.FAILED_PRECONDITION, `Event stream '${streamId}' is deleted.`, {
    exception: 'stream-deleted',
    'stream-name': streamId,
  });

const wrongExpectedVersionError = (
  streamId: string,
  expected: ExpectedState,
  current: bigint | 'no_stream',
) =>
  rpcError(grpc.status.FAILED_PRECONDITION, `Wrong expected version for stream '${streamId}'.`, {
    exception: 'wrong-expected-version',
    'stream-name': streamId,
    'expected-version': expectedVersionNumber(expected),
    ...(current === 'no_stream' ? {} : { 'actual-version': String(current) }),
  });

const invalidArgument = (details: string) => rpcError(grpc.status.INVALID_ARGUMENT, details, {});

const streamName = (identifier: SharedPb.StreamIdentifier | undefined): string => {
  if (!identifier) throw invalidArgument('Required field StreamIdentifier not set.');
  return fromUtf8.decode(identifier.getStreamName_asU8());
};

const uuidOf = (uuid: SharedPb.UUID | undefined): string => {
  if (!uuid?.hasString()) throw invalidArgument('Event ids must be sent as strings.');
  return uuid.getString().toLowerCase();
};

interface ProposedMessage {
  getId(): SharedPb.UUID | undefined;
  getMetadataMap(): { get(key: string): string | undefined };
  getData_asU8(): Uint8Array;
  getCustomMetadata_asU8(): Uint8Array;
}

/** EventStoreDB refuses proposed events without `type` and `content-type` (RequiredMetadataPropertyMissing). */
const toProposedEvent = (message: ProposedMessage): ProposedEvent => {
  const metadata = message.getMetadataMap();
  const type = metadata.get('type');
  const contentType = metadata.get('content-type');
  if (!type || !contentType) {
    throw rpcError(grpc.status.INVALID_ARGUMENT, 'Required metadata properties are missing.', {
      exception: 'missing-required-metadata-property',
      'required-metadata-properties': 'type,content-type',
    });
  }
  return {
    id: uuidOf(message.getId()),
    type,
    contentType,
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
};

const toReadResp = (event: LoggedEvent) => {
  const position = event.position.toString();
  const recorded = new ReadResp.ReadEvent.RecordedEvent();
  const id = new sharedPb.UUID();
  id.setString(event.id);
  const identifier = new sharedPb.StreamIdentifier();
  identifier.setStreamName(utf8.encode(event.streamId));
  recorded.setId(id);
  recorded.setStreamIdentifier(identifier);
  recorded.setStreamRevision(event.revision.toString());
  recorded.setPreparePosition(position);
  recorded.setCommitPosition(position);
  recorded
    .getMetadataMap()
    .set('type', event.type)
    .set('content-type', event.contentType)
    .set('created', event.created.toString());
  recorded.setData(event.data);
  recorded.setCustomMetadata(event.customMetadata);
  const readEvent = new ReadResp.ReadEvent();
  readEvent.setEvent(recorded);
  readEvent.setCommitPosition(position);
  const response = new ReadResp();
  response.setEvent(readEvent);
  return response;
};

/**
 * Server-side filter of a `$all` read or subscription: on the stream name or the event type, by a
 * regular expression or a list of prefixes ("Server-side filtering", EventStoreDB docs; .NET
 * regular expressions are read as JavaScript ones, the same for the client's `^[^$].*`).
 */
const toFilter = (options: StreamsPb.ReadReq.Options) => {
  if (!options.hasFilter()) return { matches: () => true, checkpointEvery: 0 };
  const filter = options.getFilter()!;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier()! : filter.getEventType()!;
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const prefixes = expression.getPrefixList();
  // Checkpoints come every `window × checkpointIntervalMultiplier` events scanned; the window is
  // `max` or, when the client asks for `count`, the server's default of 32.
  const window = filter.hasMax() ? filter.getMax() : 32;
  return {
    matches: (event: LoggedEvent) => {
      const value = onStream ? event.streamId : event.type;
      return regex ? regex.test(value) : prefixes.some((prefix) => value.startsWith(prefix));
    },
    checkpointEvery: window * Math.max(1, filter.getCheckpointintervalmultiplier()),
  };
};

/** The expected revision of an append, batch append, delete or tombstone request. */
const expectedOf = (options: {
  hasNoStream(): boolean;
  hasStreamExists(): boolean;
  hasRevision?(): boolean;
  getRevision?(): string;
  hasStreamPosition?(): boolean;
  getStreamPosition?(): string;
}): ExpectedState => {
  if (options.hasRevision?.()) return BigInt(options.getRevision!());
  if (options.hasStreamPosition?.()) return BigInt(options.getStreamPosition!());
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  return 'any';
};

type ReadCall = Grpc.ServerWritableStream<StreamsPb.ReadReq, StreamsPb.ReadResp>;

/** Resolves when the call can take more, or has ended; leaves no listener behind. */
const writableOrGone = (call: ReadCall) =>
  new Promise<void>((resolve) => {
    const settled = ['drain', 'cancelled', 'close', 'error'] as const;
    const done = () => {
      for (const name of settled) call.off(name, done);
      resolve();
    };
    for (const name of settled) call.on(name, done);
  });

/** Writes with back-pressure; false once the client has gone. */
const send = async (call: ReadCall, message: StreamsPb.ReadResp): Promise<boolean> => {
  if (call.cancelled || call.destroyed) return false;
  if (!call.write(message)) await writableOrGone(call);
  return !call.cancelled && !call.destroyed;
};

export const startEsdbTestServer = async ({
  batchAppend = true,
  port: wantedPort = 0,
}: EsdbTestServerListenOptions = {}): Promise<EsdbTestServer> => {
  const log = new EsdbTestLog();
  const server = new grpc.Server();
  const reads: EsdbTestServerReads = { streamReads: 0, allReads: 0, allEventsSent: 0 };

  const readStream = async (call: ReadCall, options: StreamsPb.ReadReq.Options) => {
    const streamOptions = options.getStream()!;
    const streamId = streamName(streamOptions.getStreamIdentifier());
    const from = streamOptions.hasStart()
      ? 'start'
      : streamOptions.hasEnd()
        ? 'end'
        : BigInt(streamOptions.getRevision());
    const direction =
      options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS ? 'backwards' : 'forwards';
    reads.streamReads += 1;
    const outcome = log.readStream(streamId, from, direction, BigInt(options.getCount() || '0'));
    if (outcome.kind === 'deleted') throw streamDeletedError(streamId);
    if (outcome.kind === 'not_found') {
      const notFound = new ReadResp.StreamNotFound();
      notFound.setStreamIdentifier(streamOptions.getStreamIdentifier());
      const response = new ReadResp();
      response.setStreamNotFound(notFound);
      await send(call, response);
      return;
    }
    for (const event of outcome.events) if (!(await send(call, toReadResp(event)))) return;
  };

  const readAll = async (call: ReadCall, options: StreamsPb.ReadReq.Options) => {
    const all = options.getAll()!;
    const from = all.hasStart()
      ? 'start'
      : all.hasEnd()
        ? 'end'
        : BigInt(all.getPosition()!.getCommitPosition());
    const direction =
      options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS ? 'backwards' : 'forwards';
    const { matches } = toFilter(options);
    reads.allReads += 1;
    let left = BigInt(options.getCount() || '0');
    for (const event of log.readAll(from, direction)) {
      if (left <= 0n) return;
      if (!matches(event)) continue;
      left -= 1n;
      reads.allEventsSent += 1;
      if (!(await send(call, toReadResp(event)))) return;
    }
  };

  /**
   * Catch-up subscription to `$all` ("Catch-up subscriptions", EventStoreDB docs): a confirmation,
   * the stored events after the start position (exclusive), CaughtUp (servers 23.10+), then each
   * new event as it is written, until the client cancels.
   */
  const subscribeToAll = async (call: ReadCall, options: StreamsPb.ReadReq.Options) => {
    const all = options.getAll()!;
    const { matches, checkpointEvery } = toFilter(options);
    const events = log.allEvents;
    let cursor = all.hasStart()
      ? 0
      : all.hasEnd()
        ? events.length
        : events.findIndex((event) => event.position > BigInt(all.getPosition()!.getCommitPosition()));
    if (cursor === -1) cursor = events.length;

    let wake: (() => void) | undefined;
    const stopListening = log.onWrite(() => wake?.());
    const ended = new Promise<void>((resolve) => {
      call.once('cancelled', resolve);
      call.once('close', resolve);
    });
    try {
      const confirmation = new ReadResp.SubscriptionConfirmation();
      confirmation.setSubscriptionId(crypto.randomUUID());
      const confirm = new ReadResp();
      confirm.setConfirmation(confirmation);
      if (!(await send(call, confirm))) return;

      let scanned = 0;
      let caughtUp = false;
      for (;;) {
        while (cursor < events.length) {
          const event = events[cursor++]!;
          scanned += 1;
          if (matches(event) && !(await send(call, toReadResp(event)))) return;
          if (checkpointEvery > 0 && scanned % checkpointEvery === 0) {
            const checkpoint = new ReadResp.Checkpoint();
            checkpoint.setCommitPosition(event.position.toString());
            checkpoint.setPreparePosition(event.position.toString());
            const response = new ReadResp();
            response.setCheckpoint(checkpoint);
            if (!(await send(call, response))) return;
          }
        }
        if (!caughtUp) {
          caughtUp = true;
          const response = new ReadResp();
          response.setCaughtUp(new ReadResp.CaughtUp());
          if (!(await send(call, response))) return;
        }
        const written = new Promise<void>((resolve) => (wake = resolve));
        if (cursor < events.length) continue;
        await Promise.race([written, ended]);
        if (call.cancelled || call.destroyed) return;
      }
    } finally {
      stopListening();
    }
  };

  const toAppendResp = (streamId: string, expected: ExpectedState, outcome: AppendOutcome) => {
    if (outcome.kind === 'stream_deleted') throw streamDeletedError(streamId);
    const response = new AppendResp();
    if (outcome.kind === 'wrong_expected_version') {
      const wrong = new AppendResp.WrongExpectedVersion();
      if (outcome.current === 'no_stream') wrong.setCurrentNoStream(new sharedPb.Empty());
      else wrong.setCurrentRevision(outcome.current.toString());
      if (expected === 'any') wrong.setExpectedAny(new sharedPb.Empty());
      else if (expected === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
      else if (expected === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
      else wrong.setExpectedRevision(expected.toString());
      response.setWrongExpectedVersion(wrong);
      return response;
    }
    const success = new AppendResp.Success();
    if (outcome.revision < 0n) success.setNoStream(new sharedPb.Empty());
    else success.setCurrentRevision(outcome.revision.toString());
    if (outcome.position < 0n) success.setNoPosition(new sharedPb.Empty());
    else {
      const position = new AppendResp.Position();
      position.setCommitPosition(outcome.position.toString());
      position.setPreparePosition(outcome.position.toString());
      success.setPosition(position);
    }
    response.setSuccess(success);
    return response;
  };

  /** BatchAppend answers in-band: a google.rpc.Status whose details pack the error message. */
  const toBatchAppendResp = (
    correlationId: SharedPb.UUID | undefined,
    streamId: string,
    expected: ExpectedState,
    outcome: AppendOutcome,
  ) => {
    const response = new BatchAppendResp();
    if (correlationId) response.setCorrelationId(correlationId);
    const identifier = new sharedPb.StreamIdentifier();
    identifier.setStreamName(utf8.encode(streamId));
    response.setStreamIdentifier(identifier);
    if (outcome.kind === 'success') {
      const success = new BatchAppendResp.Success();
      if (outcome.revision < 0n) success.setNoStream(new sharedPb.Empty());
      else success.setCurrentRevision(outcome.revision.toString());
      if (outcome.position < 0n) success.setNoPosition(new sharedPb.Empty());
      else {
        const position = new sharedPb.AllStreamPosition();
        position.setCommitPosition(outcome.position.toString());
        position.setPreparePosition(outcome.position.toString());
        success.setPosition(position);
      }
      response.setSuccess(success);
      return response;
    }
    const status = new statusPb.Status();
    status.setCode(codePb.Code.FAILED_PRECONDITION);
    const details = new anyPb.Any();
    if (outcome.kind === 'stream_deleted') {
      const deleted = new sharedPb.StreamDeleted();
      deleted.setStreamIdentifier(identifier);
      status.setMessage(`Event stream '${streamId}' is deleted.`);
      details.pack(deleted.serializeBinary(), 'event_store.client.StreamDeleted');
    } else {
      const wrong = new sharedPb.WrongExpectedVersion();
      if (outcome.current === 'no_stream') wrong.setCurrentNoStream(new sharedPb.Empty());
      else wrong.setCurrentStreamRevision(outcome.current.toString());
      if (expected === 'any') wrong.setExpectedAny(new sharedPb.Empty());
      else if (expected === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
      else if (expected === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
      else wrong.setExpectedStreamPosition(expected.toString());
      status.setMessage(`Wrong expected version for stream '${streamId}'.`);
      details.pack(wrong.serializeBinary(), 'event_store.client.WrongExpectedVersion');
    }
    status.setDetails(details);
    response.setError(status);
    return response;
  };

  /** Soft delete or tombstone: the position of what was written, or the error EventStoreDB raises. */
  const removeStream = (
    options: StreamsPb.DeleteReq.Options | StreamsPb.TombstoneReq.Options | undefined,
    remove: (streamId: string, expected: ExpectedState) => AppendOutcome,
  ) => {
    if (!options) throw invalidArgument('Required field Options not set.');
    const streamId = streamName(options.getStreamIdentifier());
    const expected = expectedOf(options);
    const outcome = remove(streamId, expected);
    if (outcome.kind === 'stream_deleted') throw streamDeletedError(streamId);
    if (outcome.kind === 'wrong_expected_version') {
      throw wrongExpectedVersionError(streamId, expected, outcome.current);
    }
    const position = new DeleteResp.Position();
    position.setCommitPosition(outcome.position.toString());
    position.setPreparePosition(outcome.position.toString());
    return position;
  };

  const streams: StreamsGrpcPb.IStreamsServer = {
    read(call) {
      const options = call.request.getOptions();
      const run = async () => {
        if (!options) throw invalidArgument('Required field Options not set.');
        if (options.hasSubscription()) {
          if (!options.hasAll()) {
            throw rpcError(
              grpc.status.UNIMPLEMENTED,
              'Stream subscriptions are not served by the test server.',
              {},
            );
          }
          await subscribeToAll(call, options);
        } else if (options.hasStream()) await readStream(call, options);
        else await readAll(call, options);
      };
      run().then(
        () => call.end(),
        // grpc-js ends a server stream with an error status when 'error' is emitted on it.
        (error: unknown) => call.emit('error', error),
      );
    },

    append(call, callback) {
      let streamId: string | undefined;
      let expected: ExpectedState = 'any';
      const proposed: ProposedEvent[] = [];
      let failure: unknown;
      call.on('data', (request: StreamsPb.AppendReq) => {
        try {
          if (request.hasOptions()) {
            const options = request.getOptions()!;
            streamId = streamName(options.getStreamIdentifier());
            expected = expectedOf(options);
          } else if (request.hasProposedMessage()) {
            proposed.push(toProposedEvent(request.getProposedMessage()!));
          }
        } catch (error) {
          failure ??= error;
        }
      });
      call.on('end', () => {
        try {
          if (failure) throw failure;
          if (streamId === undefined) throw invalidArgument('The first message must carry the options.');
          callback(null, toAppendResp(streamId, expected, log.append(streamId, expected, proposed)));
        } catch (error) {
          callback(error as Grpc.ServiceError);
        }
      });
    },

    batchAppend(call) {
      const pending = new Map<
        string,
        { streamId: string; expected: ExpectedState; events: ProposedEvent[] }
      >();
      call.on('data', (request: StreamsPb.BatchAppendReq) => {
        const correlationId = request.getCorrelationId();
        const key = correlationId?.getString() ?? '';
        try {
          if (request.hasOptions()) {
            const options = request.getOptions()!;
            pending.set(key, {
              streamId: streamName(options.getStreamIdentifier()),
              expected: expectedOf(options),
              events: [],
            });
          }
          const write = pending.get(key);
          if (!write) return;
          write.events.push(...request.getProposedMessagesList().map(toProposedEvent));
          if (!request.getIsFinal()) return;
          pending.delete(key);
          const outcome = log.append(write.streamId, write.expected, write.events);
          call.write(toBatchAppendResp(correlationId, write.streamId, write.expected, outcome));
        } catch (error) {
          pending.delete(key);
          call.emit('error', error);
        }
      });
      call.on('end', () => call.end());
    },

    delete(call, callback) {
      try {
        const response = new DeleteResp();
        response.setPosition(removeStream(call.request.getOptions(), log.softDelete.bind(log)));
        callback(null, response);
      } catch (error) {
        callback(error as Grpc.ServiceError);
      }
    },

    tombstone(call, callback) {
      try {
        const response = new TombstoneResp();
        response.setPosition(removeStream(call.request.getOptions(), log.tombstone.bind(log)));
        callback(null, response);
      } catch (error) {
        callback(error as Grpc.ServiceError);
      }
    },
  };

  /** What the client asks on connect to choose its calls (Client `capabilities`, ServerFeatures.js). */
  const features: ServerFeaturesGrpcPb.IServerFeaturesServer = {
    getSupportedMethods(_call, callback) {
      const served = ['Read', 'Append', 'Delete', 'Tombstone', ...(batchAppend ? ['BatchAppend'] : [])];
      const methods = served.map((name) => {
        const method = new featuresPb.SupportedMethod();
        method.setServiceName('event_store.client.streams.Streams');
        method.setMethodName(name);
        return method;
      });
      const supported = new featuresPb.SupportedMethods();
      supported.setMethodsList(methods);
      supported.setEventStoreServerVersion('stickwork-test-server');
      callback(null, supported);
    },
  };

  server.addService(streamsGrpc.StreamsService, streams);
  server.addService(featuresGrpc.ServerFeaturesService, features);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${wantedPort}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );

  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    log,
    reads,
    close: () =>
      new Promise<void>((resolve) => {
        // Open subscriptions would hold a graceful shutdown forever: cancel every call.
        server.forceShutdown();
        resolve();
      }),
  };
};
