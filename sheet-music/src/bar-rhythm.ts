/** Meter of a bar on the catalogue's grid (see `Notation` in @stickwork/domain). */
export interface Meter {
  beats: number;
  beatUnit: 4 | 8;
  /** Grid steps per beat. */
  subdivision: number;
}

/** A written note or rest: where it starts on the grid, how many grid steps it lasts, and its note value. */
export interface RhythmSlot {
  /** Grid step from the start of the bar. */
  start: number;
  steps: number;
  rest: boolean;
  /** VexFlow duration without the rest marker: 'w', 'h', 'q', '8', '16', '32', '64'. */
  duration: string;
  dots: 0 | 1;
}

/** A tuplet: `numNotes` written notes in the time of `notesOccupied`. */
export interface TupletRatio {
  numNotes: number;
  notesOccupied: number;
}

/** A tuplet whose ratio is not one of the usual (3:2, 6:4, 5:4...) is written as a ratio, "4:5". */
export const tupletRatioShown = (tuplet: TupletRatio): boolean => tuplet.notesOccupied > tuplet.numNotes;

/** A tuplet over part of a beam group: `count` slots from slot `first` of the group. */
export interface TupletSpan extends TupletRatio {
  first: number;
  count: number;
}

/**
 * One beam group of a bar: a beat, or a dotted-quarter pulse in 6/8 and 12/8. `tuplet` covers the whole
 * group; `tuplets` are tuplets over parts of it (a 16th-note triplet on one half of a beat).
 */
export interface RhythmGroup {
  start: number;
  steps: number;
  slots: RhythmSlot[];
  tuplet?: TupletRatio;
  tuplets?: TupletSpan[];
}

export const isPowerOfTwo = (n: number): boolean => Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;

/** Compound meters (6/8, 12/8) are felt and beamed in dotted quarters: three eighth-note beats. */
const isCompound = (meter: Meter): boolean =>
  meter.beatUnit === 8 && meter.beats % 3 === 0 && isPowerOfTwo(meter.subdivision);

export const groupSteps = (meter: Meter): number =>
  isCompound(meter) ? 3 * meter.subdivision : meter.subdivision;

/** How one grid step is written: a plain note value, or a tuplet value for triplet-based grids. */
function stepValue(subdivision: number, beatUnit: number): { denominator: number; tuplet?: TupletRatio } {
  if (isPowerOfTwo(subdivision)) return { denominator: beatUnit * subdivision };
  const written = (subdivision * 2) / 3;
  if (!isPowerOfTwo(written)) throw new Error(`unsupported subdivision ${subdivision}`);
  return { denominator: beatUnit * written, tuplet: { numNotes: subdivision, notesOccupied: written } };
}

const durationName = (denominator: number): string =>
  denominator === 1 ? 'w' : denominator === 2 ? 'h' : denominator === 4 ? 'q' : String(denominator);

/** The note value lasting `steps` grid steps of 1/`denominator` each, plain or dotted, if one exists. */
export function noteValue(
  steps: number,
  denominator: number,
): Pick<RhythmSlot, 'duration' | 'dots'> | undefined {
  if (isPowerOfTwo(steps) && denominator % steps === 0) {
    const value = denominator / steps;
    return value <= 64 ? { duration: durationName(value), dots: 0 } : undefined;
  }
  const undotted = (steps * 2) / 3;
  if (isPowerOfTwo(undotted) && denominator % undotted === 0) {
    const value = denominator / undotted;
    return value <= 32 ? { duration: durationName(value), dots: 1 } : undefined;
  }
  return undefined;
}

/** A rest may take a value only where that value's beat falls, so rests never hide the pulse. */
const restFitsAt = (offset: number, steps: number): boolean =>
  isPowerOfTwo(steps) ? offset % steps === 0 : offset % ((steps * 4) / 3) === 0;

/**
 * Writes `steps` grid steps starting at `offset` in a group: a note takes the longest value that fits
 * (the rest of its length becomes rests, as drum parts do rather than tying), rests take aligned values.
 */
function writeSpan(
  offset: number,
  steps: number,
  rest: boolean,
  denominator: number,
): Omit<RhythmSlot, 'start'>[] {
  const slots: Omit<RhythmSlot, 'start'>[] = [];
  let position = offset;
  let remaining = steps;
  let isRest = rest;
  while (remaining > 0) {
    let length = remaining;
    let value = noteValue(length, denominator);
    while (length > 1 && (!value || (isRest && !restFitsAt(position, length)))) {
      length--;
      value = noteValue(length, denominator);
    }
    if (!value) throw new Error(`no note value for ${length} step(s) of 1/${denominator}`);
    slots.push({ steps: length, rest: isRest, ...value });
    position += length;
    remaining -= length;
    isRest = true;
  }
  return slots;
}

/**
 * Rhythm of one group from its onsets (steps relative to the group), each note lasting to the next onset.
 * Inside a tuplet a note also ends where `stops` (another voice of the staff) strikes: a triplet shared
 * hand, hand, foot is written as three even notes across the two voices, not an 8th and a quarter.
 */
function groupRhythm(
  onsets: number[],
  steps: number,
  subdivision: number,
  beatUnit: number,
  stops: readonly number[] = [],
): Omit<RhythmGroup, 'start'> {
  const { denominator, tuplet } = stepValue(subdivision, beatUnit);
  const single = (rest: boolean): Omit<RhythmGroup, 'start'> => {
    const value = noteValue(steps / subdivision, beatUnit);
    if (!value) throw new Error(`no note value for a group of ${steps} steps`);
    return { steps, slots: [{ start: 0, steps, rest, ...value }] };
  };
  if (onsets.length === 0) return single(true);
  // A triplet-grid beat with one stroke on the beat is just a beat-long note: no tuplet needed.
  if (tuplet && onsets.length === 1 && onsets[0] === 0) return single(false);
  // Sextuplets that only use every other step read better as eighth-note triplets.
  if (tuplet && subdivision % 2 === 0 && onsets.every((onset) => onset % 2 === 0) && subdivision / 2 >= 3) {
    const halved = groupRhythm(
      onsets.map((onset) => onset / 2),
      steps / 2,
      subdivision / 2,
      beatUnit,
      stops.filter((stop) => stop % 2 === 0).map((stop) => stop / 2),
    );
    return {
      ...halved,
      steps,
      slots: halved.slots.map((slot) => ({ ...slot, start: slot.start * 2, steps: slot.steps * 2 })),
    };
  }
  // A sextuplet beat is written as six 16ths under a "6" only when all six are played; otherwise each
  // half beat is a 16th-note triplet or a plain 8th, as drummers write a ratamacue (triplet, then the 8th).
  if (tuplet && subdivision === 6 && onsets.length < subdivision)
    return halvesRhythm(onsets, steps, beatUnit, stops);
  const slots: RhythmSlot[] = [];
  const push = (offset: number, length: number, rest: boolean) => {
    let start = offset;
    for (const slot of writeSpan(offset, length, rest, denominator)) {
      slots.push({ start, ...slot });
      start += slot.steps;
    }
  };
  const first = onsets[0] ?? 0;
  if (first > 0) push(0, first, true);
  onsets.forEach((onset, index) => {
    const next = onsets[index + 1] ?? steps;
    const stop = tuplet ? Math.min(next, ...stops.filter((at) => at > onset)) : next;
    push(onset, stop - onset, false);
    if (stop < next) push(stop, next - stop, true);
  });
  return tuplet ? { steps, slots, tuplet } : { steps, slots };
}

/** A sextuplet beat written in halves: each half a 16th-note triplet, or a plain 8th note or rest. */
function halvesRhythm(
  onsets: number[],
  steps: number,
  beatUnit: number,
  stops: readonly number[],
): Omit<RhythmGroup, 'start'> {
  const half = steps / 2;
  const slots: RhythmSlot[] = [];
  const tuplets: TupletSpan[] = [];
  for (const offset of [0, half]) {
    const inHalf = onsets
      .filter((onset) => onset >= offset && onset < offset + half)
      .map((onset) => onset - offset);
    // A half beat is an 8th: its grid of three steps is a triplet of 16ths.
    const stopsInHalf = stops
      .filter((stop) => stop >= offset && stop < offset + half)
      .map((stop) => stop - offset);
    const written = groupRhythm(inHalf, half, half, beatUnit * 2, stopsInHalf);
    if (written.tuplet) tuplets.push({ first: slots.length, count: written.slots.length, ...written.tuplet });
    slots.push(...written.slots.map((slot) => ({ ...slot, start: slot.start + offset })));
  }
  return tuplets.length > 0 ? { steps, slots, tuplets } : { steps, slots };
}

/**
 * An even pulse on a triplet grid that is not the beat's (every other triplet 8th: quarter-note triplets,
 * 3:2 against the beat) is written as a drummer reads it: three equal notes under a 3 over every three,
 * two beats each for quarter-note triplets, never `q 8 8r q` beat by beat.
 */
function tripletPulse(onsets: readonly number[], spacing: number, meter: Meter): RhythmGroup | undefined {
  const { denominator } = stepValue(meter.subdivision, meter.beatUnit);
  const value = noteValue(spacing, denominator);
  if (!value || onsets.length % 3 !== 0) return undefined;
  const tuplets = Array.from({ length: onsets.length / 3 }, (_, index) => ({
    first: index * 3,
    count: 3,
    numNotes: 3,
    notesOccupied: 2,
  }));
  const slots = onsets.map((start) => ({ start, steps: spacing, rest: false, ...value }));
  return { start: 0, steps: onsets.length * spacing, slots, tuplets };
}

/**
 * A bar of evenly spaced strokes whose spacing does not fit the beat (a polyrhythm's other hand: four
 * dotted 8ths in 3/4, four even notes in 5/4, quarter-note triplets on a triplet grid) is one group across
 * the bar: each stroke the same written value, or an even tuplet over the bar, never cut beat by beat into
 * notes and rests.
 */
function evenRhythm(onsets: readonly number[], meter: Meter): RhythmGroup | undefined {
  const [first, second] = onsets;
  const size = groupSteps(meter);
  const steps = meter.beats * meter.subdivision;
  if (first !== 0 || second === undefined) return undefined;
  const spacing = second;
  if (size % spacing === 0 || spacing % size === 0 || onsets.length * spacing !== steps) return undefined;
  if (!onsets.every((onset, index) => onset === index * spacing)) return undefined;
  if (!isPowerOfTwo(meter.subdivision)) return tripletPulse(onsets, spacing, meter);
  const denominator = meter.beatUnit * meter.subdivision;
  const slotsOf = (length: number, value: Pick<RhythmSlot, 'duration' | 'dots'>): RhythmSlot[] =>
    onsets.map((start) => ({ start, steps: length, rest: false, ...value }));
  const exact = noteValue(spacing, denominator);
  if (exact) return { start: 0, steps, slots: slotsOf(spacing, exact) };
  // The tuplet's notes take the longest plain value shorter than the spacing that divides the bar.
  for (let written = 2 ** Math.floor(Math.log2(spacing)); written >= 1; written /= 2) {
    const value = noteValue(written, denominator);
    if (!value || steps % written !== 0) continue;
    const tuplet = { numNotes: onsets.length, notesOccupied: steps / written };
    return { start: 0, steps, slots: slotsOf(spacing, value), tuplet };
  }
  return undefined;
}

/**
 * The written rhythm of one bar of one staff voice, from the grid steps (relative to the bar) where it
 * plays. Groups are beats (dotted quarters in compound time); empty halves and empty bars become one rest;
 * an even pulse across the beats is written as one (`evenRhythm`). `stops`: where another voice of the
 * staff strikes, which ends a note inside a tuplet (`groupRhythm`).
 */
export function barRhythm(
  onsets: ReadonlySet<number>,
  meter: Meter,
  stops: ReadonlySet<number> = new Set(),
): RhythmGroup[] {
  const even = evenRhythm(
    [...onsets].sort((a, b) => a - b),
    meter,
  );
  if (even) return [even];
  const size = groupSteps(meter);
  const groupCount = Math.max(1, Math.round((meter.beats * meter.subdivision) / size));
  const beatsPerGroup = size / meter.subdivision;
  const groups: RhythmGroup[] = [];
  for (let index = 0; index < groupCount; index++) {
    const start = index * size;
    const inGroup = [...onsets]
      .filter((step) => step >= start && step < start + size)
      .map((step) => step - start)
      .sort((a, b) => a - b);
    const stopsInGroup = [...stops]
      .filter((step) => step >= start && step < start + size)
      .map((step) => step - start);
    const rhythm = groupRhythm(inGroup, size, meter.subdivision, meter.beatUnit, stopsInGroup);
    groups.push({
      ...rhythm,
      start,
      slots: rhythm.slots.map((slot) => ({ ...slot, start: slot.start + start })),
    });
  }
  const isEmpty = (group: RhythmGroup | undefined) =>
    group !== undefined && group.slots.every((slot) => slot.rest);
  const restGroup = (start: number, count: number): RhythmGroup | undefined => {
    const value = noteValue(count * beatsPerGroup, meter.beatUnit);
    return (
      value && { start, steps: count * size, slots: [{ start, steps: count * size, rest: true, ...value }] }
    );
  };
  if (groups.every(isEmpty)) return [restGroup(0, groupCount) ?? groups].flat();
  if (groupCount !== 4) return groups;
  // In 4/4 and 12/8 an empty half bar is one rest, as long as it starts on beat 1 or 3 (pulse 1 or 3).
  const merged: RhythmGroup[] = [];
  for (let index = 0; index < groupCount; index += 2) {
    const [first, second] = [groups[index], groups[index + 1]];
    const whole = isEmpty(first) && isEmpty(second) ? restGroup(index * size, 2) : undefined;
    if (whole) merged.push(whole);
    else merged.push(...[first, second].filter((group): group is RhythmGroup => group !== undefined));
  }
  return merged;
}
