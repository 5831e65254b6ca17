import { getCatalogue, indexCatalogue, type CatalogueIndex } from '@stickwork/domain';

let index: CatalogueIndex | undefined;

/**
 * The full catalogue indexed by focus, level and pad mode. Built once per process, on first use
 * or soon after start-up (the practice router warms it), and shared by every server in it.
 */
export const lessonCatalogue = (): CatalogueIndex => (index ??= indexCatalogue(getCatalogue()));
