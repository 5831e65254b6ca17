import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogue, type Exercise } from '@stickwork/domain';

/**
 * An exercise without its notation and description: what `catalogue stats` counts (focus, type, level
 * range, pad mode) and what `history` and `replay` name a lesson by.
 */
export type ExerciseSummary = Pick<
  Exercise,
  'lesson_id' | 'name' | 'focus' | 'type' | 'min_level' | 'max_level' | 'pad_sufficient'
>;

type SummaryRow = [
  ExerciseSummary['lesson_id'],
  ExerciseSummary['name'],
  ExerciseSummary['focus'],
  ExerciseSummary['type'],
  ExerciseSummary['min_level'],
  ExerciseSummary['max_level'],
  0 | 1,
];

/**
 * The folders of the domain package the catalogue is generated from (its families, grids, rudiments,
 * lesson videos, and the level and skill names of `rules/`). catalogue-summary.unit.spec.ts checks that
 * the catalogue imports nothing outside them, so a hash of their files is the catalogue's version.
 */
export const CATALOGUE_SOURCES = ['catalogue', 'rules'] as const;

const isSource = (name: string) =>
  /\.(js|ts|json)$/.test(name) && !/\.d\.ts$/.test(name) && !/\.spec\.ts$/.test(name);

/**
 * The version of the catalogue this process runs: a hash of the files it is generated from, in the
 * build it was loaded from (`dist/` when run built, `src/` when run from source). Any edit or rebuild
 * that can change an exercise changes it.
 */
export const catalogueVersion = (
  domainEntry: string = fileURLToPath(import.meta.resolve('@stickwork/domain')),
): string => {
  const root = path.dirname(domainEntry);
  const hash = createHash('sha256');
  for (const folder of CATALOGUE_SOURCES) {
    const names = fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter(isSource)
      .sort();
    for (const name of names)
      hash
        .update(`${folder}/${name}\0`)
        .update(fs.readFileSync(path.join(root, folder, name)))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 20);
};

/** node_modules/.cache/stickwork beside the CLI's package (the usual home of a tool's cache), or STICKWORK_CACHE_DIR. */
export const defaultCacheDir = (): string => {
  if (process.env.STICKWORK_CACHE_DIR) return process.env.STICKWORK_CACHE_DIR;
  let dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  while (!fs.existsSync(path.join(dir, 'node_modules')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'node_modules', '.cache', 'stickwork');
};

const PREFIX = 'catalogue-summary-';
const fileFor = (dir: string, version: string) => path.join(dir, `${PREFIX}${version}.json`);

const toRow = (exercise: ExerciseSummary): SummaryRow => [
  exercise.lesson_id,
  exercise.name,
  exercise.focus,
  exercise.type,
  exercise.min_level,
  exercise.max_level,
  exercise.pad_sufficient ? 1 : 0,
];

const fromRow = ([lessonId, name, focus, type, minLevel, maxLevel, pad]: SummaryRow): ExerciseSummary => ({
  lesson_id: lessonId,
  name,
  focus,
  type,
  min_level: minLevel,
  max_level: maxLevel,
  pad_sufficient: pad === 1,
});

const readRows = (file: string): SummaryRow[] | undefined => {
  try {
    const rows: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return Array.isArray(rows) && rows.every((row) => Array.isArray(row) && row.length === 7)
      ? (rows as SummaryRow[])
      : undefined;
  } catch {
    return undefined;
  }
};

/** Versions kept: a checkout runs both its build (dist) and, in tests, its source, whose versions differ. */
const KEPT_VERSIONS = 4;

/** Written aside and renamed, so a reader never sees half a file; all but the newest few versions are removed. */
const writeRows = (dir: string, version: string, rows: SummaryRow[]) => {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const file = fileFor(dir, version);
    const aside = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(aside, JSON.stringify(rows));
    fs.renameSync(aside, file);
    const older = fs
      .readdirSync(dir)
      .filter((name) => name.startsWith(PREFIX) && name.endsWith('.json') && path.join(dir, name) !== file)
      .map((name) => ({ name, written: fs.statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.written - a.written);
    for (const { name } of older.slice(KEPT_VERSIONS - 1)) fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // The cache only saves time: a read-only or missing folder means the catalogue is generated each time.
  }
};

export interface SummaryOptions {
  dir?: string;
  version?: string;
}

/**
 * Every exercise of the catalogue, summarised, ordered by lesson id. Generating the catalogue's 12,000+
 * exercises with their notation takes about 0.3 s of CPU; their summary is kept in a file named by the
 * catalogue's version and read back (a few ms) until the catalogue changes.
 */
export const catalogueSummary = (options: SummaryOptions = {}): ExerciseSummary[] => {
  const dir = options.dir ?? defaultCacheDir();
  let version: string | undefined;
  try {
    version = options.version ?? catalogueVersion();
  } catch {
    version = undefined; // the domain's files cannot be read: no way to tell a stale summary, so no cache
  }
  const cached = version === undefined ? undefined : readRows(fileFor(dir, version));
  if (cached) return cached.map(fromRow);
  const rows = getCatalogue().map(toRow);
  if (version !== undefined) writeRows(dir, version, rows);
  return rows.map(fromRow);
};

let byId: ReadonlyMap<number, ExerciseSummary> | undefined;

/**
 * The summary of the lesson with this id, or undefined: how `history` and `replay` name the lessons of a
 * customer without generating the families they belong to (the fills' take 0.1-0.2 s).
 */
export const findLessonSummary = (lessonId: number): ExerciseSummary | undefined => {
  byId ??= new Map(catalogueSummary().map((exercise) => [exercise.lesson_id, exercise]));
  return byId.get(lessonId);
};
