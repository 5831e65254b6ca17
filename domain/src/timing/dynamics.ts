/** How hard a stroke was: from an e-kit's velocity, or as the notation writes the note. */
export type Dynamic = 'accent' | 'normal' | 'ghost';

/** Velocity 100 and up is an accent, 45 and below a ghost note. */
export const dynamicOfVelocity = (velocity: number): Dynamic =>
  velocity >= 100 ? 'accent' : velocity <= 45 ? 'ghost' : 'normal';

export const writtenDynamic = (note: { accent?: boolean; ghost?: boolean }): Dynamic =>
  note.accent ? 'accent' : note.ghost ? 'ghost' : 'normal';
