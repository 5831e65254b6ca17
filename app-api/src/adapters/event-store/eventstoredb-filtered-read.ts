/**
 * A `$all` read filtered by the server. The v6 client's `readAll` always sends `NoFilter` (only
 * `subscribeToAll` takes a `filter`), although the protocol and every server since 20.6 take a
 * filter on a read too: Streams.Read with `AllOptions`, a count and `FilterOptions` is served by
 * the server's `ReadAllForwardsFiltered` / `ReadAllBackwardsFiltered`, which answer up to `count`
 * matching events, scanning `maxSearchWindow` records at a time. This builds the request the
 * client's own `readAll` builds (dist/streams/readAll.js, 6.2.1, the last v6) with the filter set,
 * and sends it through the client's channel, credentials and reconnection (its protected
 * `GRPCStreamCreator` and `callArguments`), so nothing but the filter differs.
 */
import { createRequire } from 'node:module';
import type {
  AllStreamResolvedEvent,
  EventStoreDBClient,
  Position,
  StreamingRead,
} from '@eventstore/db-client';
import type * as Grpc from '@grpc/grpc-js';
import type * as StreamsPb from '@eventstore/db-client/generated/streams_pb.js';
import type * as SharedPb from '@eventstore/db-client/generated/shared_pb.js';
import type * as StreamsGrpcPb from '@eventstore/db-client/generated/streams_grpc_pb.js';

// The client is CommonJS: load the very modules it loads, so its channel takes our messages.
const require = createRequire(import.meta.url);
const streamsPb = require('@eventstore/db-client/generated/streams_pb.js') as typeof StreamsPb;
const sharedPb = require('@eventstore/db-client/generated/shared_pb.js') as typeof SharedPb;
const streamsGrpc = require('@eventstore/db-client/generated/streams_grpc_pb.js') as typeof StreamsGrpcPb;
const { ReadStream } = require('@eventstore/db-client/dist/streams/utils/ReadStream.js') as {
  ReadStream: new (
    create: () => Promise<Grpc.ClientReadableStream<StreamsPb.ReadResp>>,
    convert: (event: StreamsPb.ReadResp.ReadEvent) => AllStreamResolvedEvent,
    options: object,
  ) => StreamingRead<AllStreamResolvedEvent>;
};
const { convertGrpcEvent } = require('@eventstore/db-client/dist/utils/convertGrpcEvent.js') as {
  convertGrpcEvent: (event: StreamsPb.ReadResp.ReadEvent) => AllStreamResolvedEvent;
};

/** The client's protected members this read goes through. */
interface ClientInternals {
  GRPCStreamCreator: <T>(
    Client: typeof StreamsGrpcPb.StreamsClient,
    debugName: string,
    creator: (client: StreamsGrpcPb.StreamsClient) => T,
  ) => () => Promise<T>;
  callArguments: (options: object, callOptions: { deadline: number }) => [Grpc.Metadata, Grpc.CallOptions];
}

export interface FilteredReadOptions {
  /** Inclusive, as the server reads `$all` forwards; backwards starts before it. */
  fromPosition: 'start' | 'end' | Position;
  direction: 'forwards' | 'backwards';
  maxCount: number;
  /** A regular expression the stream name must match (.NET syntax on a real server). */
  streamNameRegex: string;
  /** Records the server scans per internal page (its `maxSearchWindow`). */
  searchWindow?: number;
}

export const readAllFiltered = (
  client: EventStoreDBClient,
  { fromPosition, direction, maxCount, streamNameRegex, searchWindow = 1000 }: FilteredReadOptions,
): StreamingRead<AllStreamResolvedEvent> => {
  const allOptions = new streamsPb.ReadReq.Options.AllOptions();
  if (fromPosition === 'start') allOptions.setStart(new sharedPb.Empty());
  else if (fromPosition === 'end') allOptions.setEnd(new sharedPb.Empty());
  else {
    const position = new streamsPb.ReadReq.Options.Position();
    position.setCommitPosition(fromPosition.commit.toString(10));
    position.setPreparePosition(fromPosition.prepare.toString(10));
    allOptions.setPosition(position);
  }
  const expression = new streamsPb.ReadReq.Options.FilterOptions.Expression();
  expression.setRegex(streamNameRegex);
  const filter = new streamsPb.ReadReq.Options.FilterOptions();
  filter.setStreamIdentifier(expression);
  filter.setMax(searchWindow);
  // Checkpoints are for subscriptions; a read ignores them, but the field must be positive.
  filter.setCheckpointintervalmultiplier(1);
  const uuidOption = new streamsPb.ReadReq.Options.UUIDOption();
  uuidOption.setString(new sharedPb.Empty());

  const options = new streamsPb.ReadReq.Options();
  options.setAll(allOptions);
  options.setResolveLinks(false);
  options.setCount(String(maxCount));
  options.setUuidOption(uuidOption);
  options.setFilter(filter);
  options.setReadDirection(
    direction === 'forwards'
      ? streamsPb.ReadReq.Options.ReadDirection.FORWARDS
      : streamsPb.ReadReq.Options.ReadDirection.BACKWARDS,
  );
  const request = new streamsPb.ReadReq();
  request.setOptions(options);

  const internals = client as unknown as ClientInternals;
  const createStream = internals.GRPCStreamCreator(streamsGrpc.StreamsClient, 'readAll', (grpcClient) =>
    grpcClient.read(request, ...internals.callArguments({}, { deadline: Number.POSITIVE_INFINITY })),
  );
  return new ReadStream(createStream, convertGrpcEvent, {});
};
