import { handsApart, writtenSticking, type Notation } from '@stickwork/domain';

/** Every letter the sheet writes under the staff, for the key, and whether both hands are written stacked. */
export function stickingLettersUsed(notation: Notation): { letters: Set<string>; together: boolean } {
  const written = writtenSticking(notation);
  return {
    letters: new Set(written.flatMap((entry) => entry.letters)),
    together: written.some((entry) => entry.letters.length > 1),
  };
}

/** The key's lines for the sticking the sheet writes, or for the hands written as two voices. */
export function stickingLegend(notation: Notation): string[] {
  if (handsApart(notation)) return ['Stems up: right hand; stems down: left hand'];
  const { letters, together } = stickingLettersUsed(notation);
  const meanings = [
    letters.has('R') && 'R right hand',
    letters.has('L') && 'L left hand',
    letters.has('F') && 'F foot',
  ].filter((entry): entry is string => typeof entry === 'string');
  const lines = meanings.length > 0 ? [`Sticking: ${meanings.join(', ')}`] : [];
  if (together) lines.push('R over L: both hands strike together');
  return lines;
}
