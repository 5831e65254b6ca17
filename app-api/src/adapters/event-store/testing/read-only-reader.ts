/**
 * A second process for the SQLite tests: opens the store read-only, prints `opened <count>` on a
 * line, waits until the stream holds at least `minimum` events, and prints what it read as JSON.
 * Usage: node --conditions=source --import tsx read-only-reader.ts <file> <streamId> <minimum>
 */
import { openSqliteEventStore } from '../sqlite-event-store.js';

const [file, streamId, minimum] = process.argv.slice(2);
if (!file || !streamId || !minimum) throw new Error('usage: read-only-reader <file> <streamId> <minimum>');

const store = openSqliteEventStore({ file, readonly: true });
let events = await store.readStream(streamId);
process.stdout.write(`opened ${events.length}\n`);
while (events.length < Number(minimum)) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  events = await store.readStream(streamId);
}
const all = await store.readAll();
await store.close();
process.stdout.write(
  JSON.stringify({
    events: events.map(({ id, revision, data }) => ({ id, revision, data })),
    positions: all.map((event) => event.position),
  }),
);
