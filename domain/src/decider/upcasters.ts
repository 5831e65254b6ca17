/**
 * The upcaster registry (DESIGN.md "Event store"): every event type has a schema version, and the
 * data of an older version is brought up to the current one when it is read, one version at a time.
 * Stored events are never rewritten.
 */

/** Turns the data of one schema version of an event type into the data of the next version. */
export type Upcaster = (data: unknown) => unknown;

/** Per event type, per version read: the upcaster to the version after it. */
export type UpcasterRegistry = Readonly<Record<string, Readonly<Record<number, Upcaster>>>>;

/**
 * The data of a `type` event written at `fromVersion`, as version `toVersion` has it. A version the
 * registry has no step for (a gap, or data newer than this code) is an error, never a silent guess.
 */
export const upcastData = (
  registry: UpcasterRegistry,
  type: string,
  fromVersion: number,
  toVersion: number,
  data: unknown,
): unknown => {
  let current = data;
  for (let version = fromVersion; version < toVersion; version++) {
    const step = registry[type]?.[version];
    if (!step) throw new Error(`No upcaster for ${type} from schema version ${version}`);
    current = step(current);
  }
  if (fromVersion > toVersion)
    throw new Error(`${type} at schema version ${fromVersion} is newer than this code (${toVersion})`);
  return current;
};

/**
 * An event that cannot be read: an upcaster cannot read it (its data does not fit the old version's
 * schema) or would return it unfit for the next one, or it was stored at the current version and does
 * not fit that version's schema. Never guessed into a current event: projections park it with this message.
 */
export class UpcastError extends Error {
  override readonly name = 'UpcastError';
  constructor(
    readonly type: string,
    readonly version: number,
    /** The first field that does not fit, as a dotted path ('' for the data itself). */
    readonly field: string,
    reason: string,
  ) {
    super(
      `${type} at schema version ${version} cannot be read: ${field === '' ? 'its data' : field}: ${reason}`,
    );
  }
}

/** What an upcaster reads and returns, checked: the schema of its version and of the next. */
export interface CheckedUpcasterSchemas<From, To> {
  type: string;
  /** The version it reads. */
  version: number;
  from: { safeParse(data: unknown): SchemaCheck<From> };
  to: { safeParse(data: unknown): SchemaCheck<To> };
}
type SchemaCheck<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

const refusal = (
  { type, version }: { type: string; version: number },
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  stage: string,
) => {
  const [first] = issues;
  return new UpcastError(
    type,
    version,
    (first?.path ?? []).map(String).join('.'),
    `${first?.message ?? 'invalid'}${stage}`,
  );
};

/**
 * One registry entry: `upcast` from `version` to the next, run only on data that fits `from` (zod),
 * and answered only when its result fits `to`; anything else throws `UpcastError` naming the field.
 */
export const checkedUpcaster =
  <From, To>(schemas: CheckedUpcasterSchemas<From, To>, upcast: (data: From) => unknown): Upcaster =>
  (data) => {
    const read = schemas.from.safeParse(data);
    if (!read.success) throw refusal(schemas, read.error.issues, '');
    const returned = schemas.to.safeParse(upcast(read.data));
    if (!returned.success) throw refusal(schemas, returned.error.issues, ' (after upcasting)');
    return returned.data;
  };

/** Per event type, the schema of its current version: what every event read must fit. */
export type CurrentEventSchemas = Readonly<
  Record<string, { safeParse(data: unknown): SchemaCheck<unknown> }>
>;

/**
 * The data of a `type` event stored at its current `version`, checked against that version's schema
 * when the stream has one: data that does not fit throws `UpcastError` naming the field, as an old
 * event an upcaster cannot read does. The stored data is returned as it is.
 */
export const checkCurrentData = (
  schemas: CurrentEventSchemas,
  type: string,
  version: number,
  data: unknown,
): unknown => {
  const schema = schemas[type];
  if (!schema) return data;
  const read = schema.safeParse(data);
  if (!read.success) throw refusal({ type, version }, read.error.issues, '');
  return data;
};

const UPCASTERS = Symbol('upcasters');
const CURRENT_SCHEMAS = Symbol('current schemas');

/**
 * A stream's schema versions with the upcasters that bring older versions of its events up to them and
 * the schemas of the current versions: they travel together, so whatever reads the stream with its
 * versions upcasts what it reads and checks what was stored at the current version.
 */
export const withUpcasters = <Versions extends Record<string, number>>(
  versions: Versions,
  upcasters: UpcasterRegistry,
  currentSchemas: CurrentEventSchemas = {},
): Versions =>
  Object.defineProperties(
    { ...versions },
    {
      [UPCASTERS]: { value: upcasters, enumerable: false },
      [CURRENT_SCHEMAS]: { value: currentSchemas, enumerable: false },
    },
  );

/** The upcasters that came with a stream's schema versions (none for streams without any). */
export const upcastersOf = (versions: object): UpcasterRegistry =>
  (versions as { [UPCASTERS]?: UpcasterRegistry })[UPCASTERS] ?? {};

/** The current versions' schemas that came with a stream's schema versions (none for streams without any). */
export const currentSchemasOf = (versions: object): CurrentEventSchemas =>
  (versions as { [CURRENT_SCHEMAS]?: CurrentEventSchemas })[CURRENT_SCHEMAS] ?? {};
