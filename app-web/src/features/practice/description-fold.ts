import { DESCRIPTION_FOLD } from '@stickwork/domain';

/** product-spec §9: a description of 400 characters or more folds to its first 250. */
export const isFoldable = (text: string): boolean => text.length >= DESCRIPTION_FOLD.threshold;

export const foldedDescription = (text: string): string =>
  isFoldable(text) ? `${text.slice(0, DESCRIPTION_FOLD.foldTo).trimEnd()}…` : text;
