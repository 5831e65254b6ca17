import type { Database } from 'better-sqlite3';

/**
 * Group commit on one SQLite connection (issue 37, docs/operations.md "Group commit"): the writes
 * asked for in one turn of the event loop (the requests that arrived together) run in one
 * `BEGIN IMMEDIATE` transaction, each in a savepoint of its own, and each caller hears of its write
 * only after that commit. A write that throws is undone alone and its caller gets the error; a
 * commit that fails fails every write of its group, none of which was kept. The commit writes each
 * page the group touched to the WAL once, not once per write: under load, most of a write's cost.
 * The event store's appends and the rate-limit counters share one per connection.
 */
export interface GroupCommit {
  /** Runs `work` (synchronous SQLite statements) in the next group's transaction; resolves after its commit. */
  run<T>(work: () => T): Promise<T>;
}

type Outcome = { result: unknown } | { error: unknown };

interface Pending {
  work: () => unknown;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

const groupCommits = new WeakMap<Database, GroupCommit>();

/** The connection's one group commit: every adapter writing through it joins the same groups. */
export const groupCommitOf = (database: Database): GroupCommit => {
  let groupCommit = groupCommits.get(database);
  if (!groupCommit) groupCommits.set(database, (groupCommit = createGroupCommit(database)));
  return groupCommit;
};

const createGroupCommit = (database: Database): GroupCommit => {
  // Nested in the group's transaction, this is a savepoint.
  const inSavepoint = database.transaction((work: () => unknown) => work());
  const runAll = database.transaction((writes: readonly Pending[]) =>
    writes.map(({ work }): Outcome => {
      try {
        return { result: inSavepoint(work) };
      } catch (error) {
        return { error };
      }
    }),
  );
  let group: Pending[] = [];
  const commit = () => {
    const writes = group;
    group = [];
    let outcomes: Outcome[];
    try {
      outcomes = runAll.immediate(writes);
    } catch (error) {
      for (const { reject } of writes) reject(error);
      return;
    }
    writes.forEach(({ resolve, reject }, index) => {
      const outcome = outcomes[index]!;
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    });
  };
  return {
    run: <T>(work: () => T) =>
      new Promise<T>((resolve, reject) => {
        if (group.length === 0) setImmediate(commit);
        group.push({ work, resolve: resolve as (result: unknown) => void, reject });
      }),
  };
};
