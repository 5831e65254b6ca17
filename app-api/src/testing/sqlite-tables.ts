import type { Database } from 'better-sqlite3';

/** Every table of a SQLite database (SQLite's own left out) with its columns, in the file's order. */
export const sqliteTablesAndColumns = (database: Database): Map<string, string[]> => {
  const tables = database
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  return new Map(
    tables.map((table) => [
      table,
      (database.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map(
        (column) => column.name,
      ),
    ]),
  );
};
