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

const UPCASTERS = Symbol('upcasters');

/**
 * A stream's schema versions with the upcasters that bring older versions of its events up to them: the
 * two travel together, so whatever reads the stream with its versions upcasts what it reads.
 */
export const withUpcasters = <Versions extends Record<string, number>>(
  versions: Versions,
  upcasters: UpcasterRegistry,
): Versions => Object.defineProperty({ ...versions }, UPCASTERS, { value: upcasters, enumerable: false });

/** The upcasters that came with a stream's schema versions (none for streams without any). */
export const upcastersOf = (versions: object): UpcasterRegistry =>
  (versions as { [UPCASTERS]?: UpcasterRegistry })[UPCASTERS] ?? {};
