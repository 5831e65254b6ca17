import type { Projection } from './projection.js';

/** Every read model the server keeps up to date and the CLI can inspect and rebuild. */
export const ALL_PROJECTIONS: readonly Projection[] = [];
