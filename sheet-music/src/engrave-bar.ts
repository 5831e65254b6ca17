import { handsApart, type NoteEvent, type Notation } from '@stickwork/domain';
import {
  Articulation,
  Beam,
  Dot,
  Glyph,
  GraceNote,
  GraceNoteGroup,
  Modifier,
  Parenthesis,
  Stem,
  StaveNote,
  Tuplet,
  Voice as VexVoice,
} from 'vexflow/bravura';
import { barRhythm, tupletRatioShown, type Meter } from './bar-rhythm.js';
import { STAFF_PLACEMENTS, type Limb } from './drum-kit-staff.js';

/** A written chord and the strokes it stands for, kept for marks drawn after layout (sticking, buzz). */
export interface EngravedStroke {
  note: StaveNote;
  /** Grid step from the start of the bar. */
  step: number;
  events: NoteEvent[];
  limb: Limb;
}

/** One bar ready for the formatter: its voices plus the beams and tuplets drawn over them. */
export interface EngravedBar {
  voices: VexVoice[];
  beams: Beam[];
  /** Tuplets, with whether they sit below the staff (the feet's) or above it. */
  tuplets: { tuplet: Tuplet; below: boolean }[];
  strokes: EngravedStroke[];
  /** Rests that fill the whole bar, centred in it once the bar is laid out. */
  barRests: StaveNote[];
}

/**
 * Stem layout of the staff: hands and feet on separate stems, everything in one voice, or the right hand
 * (stems up) and the left hand (stems down) as two voices.
 */
export type StemLayout = 'split' | 'hands' | 'feet' | 'hands-apart';

export const stemLayoutFor = (notation: Notation): StemLayout => {
  if (handsApart(notation)) return 'hands-apart';
  const limbs = new Set(notation.notes.map((note) => STAFF_PLACEMENTS[note.voice].limb));
  if (limbs.size === 2) return 'split';
  return limbs.has('feet') ? 'feet' : 'hands';
};

export const meterOf = (notation: Notation): Meter => ({
  beats: notation.timeSignature.beats,
  beatUnit: notation.timeSignature.beatUnit,
  subdivision: notation.subdivision,
});

export const stepsPerBar = (notation: Notation): number =>
  notation.timeSignature.beats * notation.subdivision;

/**
 * Staff line a rest is centred on (0 the bottom line, 0.5 a step): in its own voice's half of the staff,
 * e/5 above and g/4 below, b/4 alone.
 */
const REST_LINE: Record<'up' | 'down' | 'alone', number> = { up: 3.5, down: 1, alone: 2 };

/**
 * How far a rest's glyph reaches from its centre, in staff lines (a line and a space is one), with half a
 * notehead: a rest this close to another voice's head at its moment sits on it.
 */
export const REST_REACH: Readonly<Record<string, number>> = {
  w: 1,
  h: 1,
  q: 2,
  '8': 1.5,
  '16': 2,
  '32': 2.5,
  '64': 3,
};

/** Staff line of a key on the percussion clef: 0 the bottom line (e/4), 0.5 a step. */
const lineOfStep = (staffStep: number): number => staffStep / 2;
const keyOfLine = (line: number): string => {
  const index = 'cdefgab'.indexOf('e') + 7 * 4 + line * 2;
  return `${'cdefgab'[index % 7] ?? 'b'}/${Math.floor(index / 7)}`;
};

/**
 * Where a rest of a voice goes: its voice's half of the staff, moved out (up for the upper voice, down for
 * the lower) where the other voice's heads at the same moment would be under it, as engravers displace
 * rests in two-part writing.
 */
function restKey(role: 'up' | 'down' | 'alone', duration: string, other: readonly NoteEvent[]): string {
  const lines = other.map((event) => lineOfStep(STAFF_PLACEMENTS[event.voice].staffStep));
  const reach = REST_REACH[duration] ?? 2;
  const usual = REST_LINE[role];
  if (role === 'alone' || lines.length === 0) return keyOfLine(usual);
  const line =
    role === 'up' ? Math.max(usual, Math.max(...lines) + reach) : Math.min(usual, Math.min(...lines) - reach);
  return keyOfLine(line);
}

const CLEF = 'percussion';
const BUZZ_STEM_EXTRA = 14;

function graceGroup(events: NoteEvent[], direction: number): GraceNoteGroup | undefined {
  const flams = events.filter((event) => event.ornament === 'flam');
  const drags = events.filter((event) => event.ornament === 'drag');
  const keysOf = (list: NoteEvent[]) => [...new Set(list.map((event) => STAFF_PLACEMENTS[event.voice].key))];
  // A drag is two strokes before the note, written as two beamed 16th grace notes; a flam is one slashed 8th.
  if (drags.length > 0) {
    const keys = keysOf(drags);
    const graces = [0, 1].map(
      () => new GraceNote({ keys, duration: '16', clef: CLEF, stem_direction: direction, auto_stem: false }),
    );
    return new GraceNoteGroup(graces, false).beamNotes();
  }
  if (flams.length > 0) {
    const grace = new GraceNote({
      keys: keysOf(flams),
      duration: '8',
      slash: true,
      clef: CLEF,
      stem_direction: direction,
      auto_stem: false,
    });
    return new GraceNoteGroup([grace], false);
  }
  return undefined;
}

/**
 * A ghost note's bracket hugging its notehead: VexFlow puts the right bracket of a flagged up-stem note past
 * the flag, away from the head it encloses.
 */
export class NoteheadParenthesis extends Parenthesis {
  /** How far (in units) the bracket is drawn above its head's centre, to clear a head below it. */
  readonly lift: number;

  constructor(position: number, lift = 0) {
    super(position);
    this.lift = lift;
    this.setYShift(-lift);
  }

  override draw(): void {
    if (this.getPosition() === Modifier.Position.LEFT) return super.draw();
    const context = this.checkContext();
    const note = this.checkAttachedNote() as StaveNote;
    this.setRendered();
    const x = note.getAbsoluteX() + note.getXShift() + note.getGlyphWidth() + 2 + this.getXShift();
    const y = (note.getYs()[this.checkIndex()] ?? 0) + this.y_shift;
    Glyph.renderGlyph(context, x + 1, y, this.point, 'noteheadParenthesisRight', {
      category: 'noteHead.standard.noteheadParenthesisRight',
    });
  }
}

/** How close (in staff steps) a head above the hi-hat foot's x may sit before the two touch. */
const FOOT_CLEARANCE_STEPS = 2;
/** How far (in units, a staff space is 10) a bracketed head's brackets rise over a hi-hat foot beside it. */
const BRACKET_LIFT = 4;

/**
 * The hi-hat foot's x beside the chord rather than under it: stacked a third below the bass drum, its arms
 * run into the bass drum's head (and a feathered bass drum's brackets), so it is written on the other side
 * of the stem, as engravers write the lower note of a second. Returns the foot's placement when it moved.
 */
function clearHiHatFoot(
  note: StaveNote,
  placements: { event: NoteEvent; staffStep: number }[],
): { staffStep: number } | undefined {
  const foot = placements.findIndex((placement) => placement.event.voice === 'hi_hat_foot');
  const footPlacement = placements[foot];
  if (!footPlacement) return undefined;
  const crowded = placements.some(
    (placement, index) =>
      index !== foot && Math.abs(placement.staffStep - footPlacement.staffStep) <= FOOT_CLEARANCE_STEPS,
  );
  if (!crowded) return undefined;
  // VexFlow displaces heads only a second apart; NoteHead keeps the flag protected, so it is set as data.
  Object.assign(note.noteHeads[foot] ?? {}, { displaced: true });
  note.setNoteDisplaced(true);
  return footPlacement;
}

/**
 * The steps of the sheet (from its start) whose closed hi-hat is drawn with a +, closing an open one: the
 * next hi-hat moment after an open hi-hat, when the hands strike it closed there (a foot stroke closes the
 * hats itself, and its x shows it). The pattern is played over and over, so the hats left open at the end
 * of the last bar are closed by the first closed hi-hat of the sheet: a drummer reading a looped bar
 * expects the + where the groove comes round, as playback chokes the open hi-hat there. On the first
 * time through that hi-hat is closed anyway, so its + is true then too.
 */
export function hiHatClosingSteps(notation: Notation): Set<number> {
  const moments = new Map<number, Set<NoteEvent['voice']>>();
  for (const note of notation.notes)
    if (note.voice === 'hi_hat' || note.voice === 'hi_hat_open' || note.voice === 'hi_hat_foot')
      moments.set(note.step, (moments.get(note.step) ?? new Set()).add(note.voice));
  const steps = [...moments.keys()].sort((a, b) => a - b);
  const closings = new Set<number>();
  // The first pass finds whether the sheet ends with the hats open; the second starts from that, as the loop does.
  let open = false;
  for (const marking of [false, true])
    for (const step of steps) {
      const voices = moments.get(step) ?? new Set();
      if (marking && open && voices.has('hi_hat')) closings.add(step);
      open = voices.has('hi_hat_open') || (open && !voices.has('hi_hat') && !voices.has('hi_hat_foot'));
    }
  return closings;
}

/** A chord of one limb at one step: noteheads bottom to top, with accents, ghost brackets and grace notes. */
function strokeNote(
  events: NoteEvent[],
  duration: string,
  dots: number,
  direction: number,
  closesHiHat: boolean,
): StaveNote {
  const placements = [...new Map(events.map((event) => [STAFF_PLACEMENTS[event.voice].key, event])).entries()]
    .map(([key, event]) => ({ key, event, staffStep: STAFF_PLACEMENTS[event.voice].staffStep }))
    .sort((a, b) => a.staffStep - b.staffStep);
  const note = new StaveNote({
    keys: placements.map((placement) => placement.key),
    duration,
    dots,
    clef: CLEF,
    stem_direction: direction,
    auto_stem: false,
  });
  if (dots > 0) Dot.buildAndAttach([note], { all: true });
  const footBeside = clearHiHatFoot(note, placements);
  const above = direction === Stem.UP;
  const position = above ? Modifier.Position.ABOVE : Modifier.Position.BELOW;
  if (events.some((event) => event.accent)) note.addModifier(new Articulation('a>').setPosition(position), 0);
  // An open hi-hat is marked with a small circle above the note.
  if (events.some((event) => event.voice === 'hi_hat_open'))
    note.addModifier(new Articulation('ah').setPosition(Modifier.Position.ABOVE), 0);
  // The closed hi-hat after an open one is marked with a + above it: the foot closes the hats there.
  if (closesHiHat) note.addModifier(new Articulation('a+').setPosition(Modifier.Position.ABOVE), 0);
  placements.forEach((placement, index) => {
    if (!placement.event.ghost) return;
    // Over a hi-hat foot written beside the chord, the brackets' lower ends keep clear of its x.
    const lift =
      footBeside && placement.staffStep <= footBeside.staffStep + FOOT_CLEARANCE_STEPS ? BRACKET_LIFT : 0;
    note.addModifier(new NoteheadParenthesis(Modifier.Position.LEFT, lift), index);
    note.addModifier(new NoteheadParenthesis(Modifier.Position.RIGHT, lift), index);
  });
  // A buzz mark needs a clear stretch of stem between the head and the beams.
  if (events.some((event) => event.ornament === 'buzz')) note.setStemLength(Stem.HEIGHT + BUZZ_STEM_EXTRA);
  const grace = graceGroup(events, direction);
  if (grace) note.addModifier(grace, 0);
  return note;
}

/** A beam needs two notes shorter than a quarter; rests between them ride under the beam. */
function beamFor(notes: StaveNote[]): Beam | undefined {
  const beamable = (note: StaveNote) => !note.isRest() && !['w', 'h', 'q'].includes(note.getDuration());
  const first = notes.findIndex(beamable);
  const last = notes.length - 1 - [...notes].reverse().findIndex(beamable);
  if (first < 0 || last <= first) return undefined;
  const span = notes.slice(first, last + 1);
  if (span.filter(beamable).length < 2 || span.some((note) => ['w', 'h', 'q'].includes(note.getDuration())))
    return undefined;
  return new Beam(span, false);
}

/** The strokes of bar `bar` that `plays` keeps, by grid step from the start of the bar. */
function strokesOfBar(
  notation: Notation,
  bar: number,
  plays: (event: NoteEvent) => boolean,
): Map<number, NoteEvent[]> {
  const barStart = bar * stepsPerBar(notation);
  const byStep = new Map<number, NoteEvent[]>();
  for (const event of notation.notes) {
    const step = event.step - barStart;
    if (step < 0 || step >= stepsPerBar(notation)) continue;
    if (!plays(event)) continue;
    byStep.set(step, [...(byStep.get(step) ?? []), event]);
  }
  return byStep;
}

/**
 * Builds one VexFlow voice for the strokes in bar `bar` that `plays` keeps; its rests clear the heads
 * `otherVoice` strikes at their moment (`restKey`).
 */
function engraveVoice(
  notation: Notation,
  bar: number,
  plays: (event: NoteEvent) => boolean,
  role: 'up' | 'down' | 'alone',
  direction: number,
  into: EngravedBar,
  closings: ReadonlySet<number>,
  otherVoice: ReadonlyMap<number, NoteEvent[]> = new Map(),
  sharesTuplets = false,
): void {
  const meter = meterOf(notation);
  const byStep = strokesOfBar(notation, bar, plays);
  const tickables: StaveNote[] = [];
  const stops = new Set(sharesTuplets ? otherVoice.keys() : []);
  for (const group of barRhythm(new Set(byStep.keys()), meter, stops)) {
    const notes = group.slots.map((slot): StaveNote => {
      const events = slot.rest ? [] : (byStep.get(slot.start) ?? []);
      if (events.length === 0) {
        const rest = new StaveNote({
          // A whole-bar rest is centred in the bar: it must clear every head the other voice has there.
          keys: [
            restKey(
              role,
              slot.duration,
              slot.steps === stepsPerBar(notation)
                ? [...otherVoice.values()].flat()
                : (otherVoice.get(slot.start) ?? []),
            ),
          ],
          duration: `${slot.duration}r`,
          dots: slot.dots,
          clef: CLEF,
        });
        if (slot.dots > 0) Dot.buildAndAttach([rest], { all: true });
        if (slot.steps === stepsPerBar(notation)) into.barRests.push(rest);
        return rest;
      }
      const closesHiHat =
        events.some((event) => event.voice === 'hi_hat') &&
        closings.has(bar * stepsPerBar(notation) + slot.start);
      const note = strokeNote(events, slot.duration, slot.dots, direction, closesHiHat);
      const limb = STAFF_PLACEMENTS[events[0]?.voice ?? 'snare'].limb;
      into.strokes.push({ note, step: slot.start, events, limb });
      return note;
    });
    const beam = beamFor(notes);
    if (beam) into.beams.push(beam);
    // A tuplet changes its notes' ticks, so it must exist before the notes join the voice.
    const spans = group.tuplet ? [{ first: 0, count: notes.length, ...group.tuplet }] : (group.tuplets ?? []);
    for (const span of spans)
      into.tuplets.push({
        tuplet: new Tuplet(notes.slice(span.first, span.first + span.count), {
          num_notes: span.numNotes,
          notes_occupied: span.notesOccupied,
          ratioed: tupletRatioShown(span),
          location: direction === Stem.UP ? Tuplet.LOCATION_TOP : Tuplet.LOCATION_BOTTOM,
        }),
        below: direction !== Stem.UP,
      });
    tickables.push(...notes);
  }
  const voice = new VexVoice({ num_beats: meter.beats, beat_value: meter.beatUnit });
  voice.addTickables(tickables);
  into.voices.push(voice);
}

/**
 * Engraves bar `bar` (0-based) of a notation, hands above and feet below when both play. `layout` and the
 * steps of the closing hi-hats (`hiHatClosingSteps`) are the whole sheet's when the notation is a piece of
 * one of its bars.
 */
export function engraveBar(
  notation: Notation,
  bar: number,
  layout: StemLayout = stemLayoutFor(notation),
  closings: ReadonlySet<number> = hiHatClosingSteps(notation),
): EngravedBar {
  const engraved: EngravedBar = { voices: [], beams: [], tuplets: [], strokes: [], barRests: [] };
  const limbOf = (event: NoteEvent) => STAFF_PLACEMENTS[event.voice].limb;
  if (layout === 'split') {
    const hands = (event: NoteEvent) => limbOf(event) === 'hands';
    const feet = (event: NoteEvent) => limbOf(event) === 'feet';
    const [handStrokes, footStrokes] = [
      strokesOfBar(notation, bar, hands),
      strokesOfBar(notation, bar, feet),
    ];
    // Hands and feet share a triplet (hand, hand, foot): each voice's notes end where the other strikes.
    engraveVoice(notation, bar, hands, 'up', Stem.UP, engraved, closings, footStrokes, true);
    engraveVoice(notation, bar, feet, 'down', Stem.DOWN, engraved, closings, handStrokes, true);
  } else if (layout === 'hands-apart') {
    const right = (event: NoteEvent) => event.sticking === 'R' || event.sticking === 'B';
    const left = (event: NoteEvent) => event.sticking === 'L' || event.sticking === 'B';
    const [rightStrokes, leftStrokes] = [
      strokesOfBar(notation, bar, right),
      strokesOfBar(notation, bar, left),
    ];
    engraveVoice(notation, bar, right, 'up', Stem.UP, engraved, closings, leftStrokes);
    engraveVoice(notation, bar, left, 'down', Stem.DOWN, engraved, closings, rightStrokes);
  } else {
    engraveVoice(
      notation,
      bar,
      () => true,
      'alone',
      layout === 'feet' ? Stem.DOWN : Stem.UP,
      engraved,
      closings,
    );
  }
  return engraved;
}
