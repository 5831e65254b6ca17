/**
 * A global position as an operator pastes it from `history`, `events` or `streams`: `#773`,
 * `# 773` (history pads its positions) or `773`. Null when the text is no position.
 */
export const readPosition = (text: string): number | null => {
  const match = /^(#?)\s*(\d+)$/.exec(text.trim());
  if (!match || (match[1] === '' && /\s/.test(text.trim()))) return null;
  return Number(match[2]);
};

/** Whether the text was written with the `#` that marks a position. */
export const hasPositionMark = (text: string): boolean => text.trim().startsWith('#');
