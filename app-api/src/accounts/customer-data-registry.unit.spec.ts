import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_STREAM_CATEGORIES, OTHER_STREAM_CATEGORIES } from '@stickwork/domain';
import { ALL_PROJECTIONS } from '@stickwork/projections';

/**
 * DESIGN.md "Erasure is a fence": one registry names every stream category of a customer, so a new
 * one cannot be forgotten by the erasure. This finds every stream name the code builds
 * (`<category>-${...}` in a function that makes a stream id) and fails on a category the registry
 * does not know, either as a customer's or as another's.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['domain/src', 'projections/src', 'app-api/src', 'cli/src'];
const STREAM_NAME =
  /StreamId\s*=\s*\([^)]*\)[^=]*=>\s*`([a-z][a-z-]*?)-\$\{|:\s*\(address\)\s*=>\s*`([a-z][a-z-]*?)-\$\{/g;

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.includes('.spec.') ? [file] : [];
  });

describe("the registry of a customer's streams and read models", () => {
  const built = new Set(
    SOURCES.flatMap((dir) => sourceFiles(path.join(root, dir))).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(STREAM_NAME)].map((match) => (match[1] ?? match[2])!),
    ),
  );

  it('knows every stream category the code builds', () => {
    // The scan finds what it should (it would find nothing if the code changed shape).
    expect([...built]).toEqual(
      expect.arrayContaining(['customer', 'practice', 'reminders', 'teacher', 'email']),
    );
    const known = new Set([
      ...Object.keys(CUSTOMER_STREAM_CATEGORIES),
      ...Object.keys(OTHER_STREAM_CATEGORIES),
    ]);
    expect([...built].filter((category) => !known.has(category))).toEqual([]);
  });

  it('names no category that is not built any more', () => {
    const registered = [...Object.keys(CUSTOMER_STREAM_CATEGORIES), ...Object.keys(OTHER_STREAM_CATEGORIES)];
    expect(registered.filter((category) => !built.has(category))).toEqual([]);
  });

  it('scrubs a customer from every read model: each projection reads the erasure marker', () => {
    // A projection keyed by customer must drop their rows on `CustomerErased`; one keyed otherwise
    // (a teacher's schedule) names customers only by id and is told by the teacher's own events.
    const keyedOtherwise = new Set(['teacher_schedules']);
    expect(
      ALL_PROJECTIONS.filter(
        (p) => !keyedOtherwise.has(p.name) && !p.canHandle.includes('CustomerErased'),
      ).map((p) => p.name),
    ).toEqual([]);
  });
});
