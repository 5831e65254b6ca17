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
import { barRhythm, type Meter } from './bar-rhythm.js';
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

/** Rests sit in their own voice's half of the staff so they never collide with the other voice. */
const REST_KEY: Record<'up' | 'down' | 'alone', string> = { up: 'e/5', down: 'g/4', alone: 'b/4' };

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
class NoteheadParenthesis extends Parenthesis {
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

/** A chord of one limb at one step: noteheads bottom to top, with accents, ghost brackets and grace notes. */
function strokeNote(events: NoteEvent[], duration: string, dots: number, direction: number): StaveNote {
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
  const above = direction === Stem.UP;
  const position = above ? Modifier.Position.ABOVE : Modifier.Position.BELOW;
  if (events.some((event) => event.accent)) note.addModifier(new Articulation('a>').setPosition(position), 0);
  // An open hi-hat is marked with a small circle above the note.
  if (events.some((event) => event.voice === 'hi_hat_open'))
    note.addModifier(new Articulation('ah').setPosition(Modifier.Position.ABOVE), 0);
  placements.forEach((placement, index) => {
    if (!placement.event.ghost) return;
    note.addModifier(new NoteheadParenthesis(Modifier.Position.LEFT), index);
    note.addModifier(new NoteheadParenthesis(Modifier.Position.RIGHT), index);
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

/** Builds one VexFlow voice for the strokes in bar `bar` that `plays` keeps. */
function engraveVoice(
  notation: Notation,
  bar: number,
  plays: (event: NoteEvent) => boolean,
  role: 'up' | 'down' | 'alone',
  direction: number,
  into: EngravedBar,
): void {
  const meter = meterOf(notation);
  const barStart = bar * stepsPerBar(notation);
  const byStep = new Map<number, NoteEvent[]>();
  for (const event of notation.notes) {
    const step = event.step - barStart;
    if (step < 0 || step >= stepsPerBar(notation)) continue;
    if (!plays(event)) continue;
    byStep.set(step, [...(byStep.get(step) ?? []), event]);
  }
  const tickables: StaveNote[] = [];
  for (const group of barRhythm(new Set(byStep.keys()), meter)) {
    const notes = group.slots.map((slot) => {
      const events = slot.rest ? [] : (byStep.get(slot.start) ?? []);
      if (events.length === 0) {
        const rest = new StaveNote({
          keys: [REST_KEY[role]],
          duration: `${slot.duration}r`,
          dots: slot.dots,
          clef: CLEF,
        });
        if (slot.dots > 0) Dot.buildAndAttach([rest], { all: true });
        if (slot.steps === stepsPerBar(notation)) into.barRests.push(rest);
        return rest;
      }
      const note = strokeNote(events, slot.duration, slot.dots, direction);
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
          ratioed: false,
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
 * Engraves bar `bar` (0-based) of a notation, hands above and feet below when both play. `layout` is the
 * whole sheet's when the notation is a piece of one of its bars.
 */
export function engraveBar(
  notation: Notation,
  bar: number,
  layout: StemLayout = stemLayoutFor(notation),
): EngravedBar {
  const engraved: EngravedBar = { voices: [], beams: [], tuplets: [], strokes: [], barRests: [] };
  const limbOf = (event: NoteEvent) => STAFF_PLACEMENTS[event.voice].limb;
  if (layout === 'split') {
    engraveVoice(notation, bar, (event) => limbOf(event) === 'hands', 'up', Stem.UP, engraved);
    engraveVoice(notation, bar, (event) => limbOf(event) === 'feet', 'down', Stem.DOWN, engraved);
  } else if (layout === 'hands-apart') {
    const right = (event: NoteEvent) => event.sticking === 'R' || event.sticking === 'B';
    const left = (event: NoteEvent) => event.sticking === 'L' || event.sticking === 'B';
    engraveVoice(notation, bar, right, 'up', Stem.UP, engraved);
    engraveVoice(notation, bar, left, 'down', Stem.DOWN, engraved);
  } else {
    engraveVoice(notation, bar, () => true, 'alone', layout === 'feet' ? Stem.DOWN : Stem.UP, engraved);
  }
  return engraved;
}
