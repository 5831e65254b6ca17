import type { END, START } from '@eventstore/db-client';

/** A stream's truncate-before (`$tb`): events before it are deleted. Undefined when never set. */
export type TruncateBefore = typeof START | typeof END | number | undefined;

export interface StreamMetadataCacheOptions {
  /** Reads the stream's `$tb` from the server. */
  load: (streamId: string) => Promise<TruncateBefore>;
  /** Streams remembered; the least recently used is forgotten first. Default 10,000. */
  maxEntries?: number;
  /**
   * How long a loaded `$tb` is trusted. Another host's deletion reaches this one through the
   * `$$<stream>` metadata events its reads of `$all` pass (`observe`), or at the latest when this
   * expires. Default 5 s.
   */
  ttlMs?: number;
  now?: () => number;
}

export interface CachedMetadata {
  truncateBefore: TruncateBefore;
  /**
   * Position of the `$metadata` event it was taken from, when observed in `$all`. `$tb` only ever
   * grows past a stream's old events (a deletion, then a write again starting after them), so it
   * rightly hides every event before that position for good.
   */
  observedAt?: number;
}

export interface StreamMetadataCache {
  /** The stream's `$tb`: cached while fresh, else loaded (one load at a time per stream). */
  lookup(streamId: string): Promise<CachedMetadata>;
  /** Loads it again, whatever is cached. */
  reload(streamId: string): Promise<TruncateBefore>;
  /** A `$metadata` event met in `$all` at `position` says what the stream's `$tb` now is. */
  observe(streamId: string, truncateBefore: TruncateBefore, position: number): void;
  /** This process changed the stream's metadata (deleted it): load it again next time. */
  forget(streamId: string): void;
  /** Streams cached now. */
  readonly size: number;
}

/**
 * Stream metadata for the EventStoreDB adapter's visibility check, kept across reads: a `$all`
 * read met each stream's metadata once per call before, so every command's read-your-writes read
 * cost one metadata read per stream in its page.
 */
export const createStreamMetadataCache = ({
  load,
  maxEntries = 10_000,
  ttlMs = 5_000,
  now = Date.now,
}: StreamMetadataCacheOptions): StreamMetadataCache => {
  const entries = new Map<string, CachedMetadata & { expiresAt: number }>();
  const loading = new Map<string, Promise<TruncateBefore>>();

  const remember = (streamId: string, metadata: CachedMetadata) => {
    entries.delete(streamId);
    entries.set(streamId, { ...metadata, expiresAt: now() + ttlMs });
    // A Map keeps insertion order: the first key is the least recently used.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  const reload = (streamId: string): Promise<TruncateBefore> => {
    const pending = loading.get(streamId);
    if (pending) return pending;
    const loaded = load(streamId)
      .then((value) => {
        // Only the latest load counts: an `observe` or `forget` meanwhile dropped this one.
        if (loading.get(streamId) === loaded) remember(streamId, { truncateBefore: value });
        return value;
      })
      .finally(() => {
        if (loading.get(streamId) === loaded) loading.delete(streamId);
      });
    loading.set(streamId, loaded);
    return loaded;
  };

  return {
    async lookup(streamId) {
      const entry = entries.get(streamId);
      if (!entry || entry.expiresAt <= now()) return { truncateBefore: await reload(streamId) };
      entries.delete(streamId);
      entries.set(streamId, entry);
      return entry;
    },
    reload,
    observe(streamId, truncateBefore, position) {
      loading.delete(streamId);
      remember(streamId, { truncateBefore, observedAt: position });
    },
    forget(streamId) {
      loading.delete(streamId);
      entries.delete(streamId);
    },
    get size() {
      return entries.size;
    },
  };
};
