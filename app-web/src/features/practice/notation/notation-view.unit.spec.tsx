import { findExercise, getCatalogue, type Exercise, type PlaybackPosition } from '@stickwork/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import EngravedNotation from './engraved-notation';
import { NotationView } from './notation-view';

afterEach(cleanup);

const lesson = findExercise(100034)!; // 4/4 sixteenths, 2 bars
const notation = lesson.notation;
/** A step of the first bar after the first note where nothing is written, if there is one. */
const gapAfterFirstNote = (exercise: Exercise): number | undefined => {
  const onsets = new Set(exercise.notation.notes.map((note) => note.step));
  const first = Math.min(...onsets);
  const barSteps = exercise.notation.timeSignature.beats * exercise.notation.subdivision;
  return [...Array(barSteps).keys()].find((step) => step > first && !onsets.has(step));
};
/** A groove whose first bar has rests between notes (hi-hat quarters and the like). */
const groove = getCatalogue().find(
  (exercise) => exercise.focus === 'grooves' && gapAfterFirstNote(exercise) !== undefined,
)!;

const playing = (position: Partial<PlaybackPosition>): PlaybackPosition => ({
  step: 0,
  bar: 0,
  beat: 0,
  countIn: false,
  silent: false,
  bpm: 90,
  ...position,
});

const renderNotation = (position: PlaybackPosition | null) =>
  render(
    <EngravedNotation lessonName={lesson.name} notation={notation} repetitions={2} position={position} />,
  );

const sounding = (container: HTMLElement) =>
  [...container.querySelectorAll('.is-sounding')].map((element) =>
    [...element.classList].find((name) => name.startsWith('step-')),
  );

// VexFlow engraves for real here, which takes a moment on a busy machine.
describe('the notation on the lesson card', { timeout: 30_000 }, () => {
  it('is one image named after the lesson, its time signature and bars, with the PDF key beside it', () => {
    renderNotation(null);
    const image = screen.getByRole('img', { name: `Notation of ${lesson.name}: 4/4 time, 2 bars` });
    expect(image.querySelectorAll('svg g.vf-stavenote').length).toBeGreaterThan(0);
    expect(screen.getByRole('group', { name: 'Key' }).textContent).toContain('Sticking:');
    expect(document.querySelector('.notation__beats')).toBeNull();
  });

  it('lights the notes of the sounding step and keeps them lit until the next note of the bar', () => {
    const firstNote = Math.min(...groove.notation.notes.map((note) => note.step));
    const gap = gapAfterFirstNote(groove)!;
    const at = (position: PlaybackPosition | null) => (
      <EngravedNotation
        lessonName={groove.name}
        notation={groove.notation}
        repetitions={1}
        position={position}
      />
    );
    const { container, rerender } = render(at(playing({ step: firstNote })));
    expect(sounding(container).length).toBeGreaterThan(0);
    expect(new Set(sounding(container))).toEqual(new Set([`step-${firstNote}`]));
    rerender(at(playing({ step: gap })));
    expect(new Set(sounding(container))).toEqual(new Set([`step-${firstNote}`]));
    rerender(at(null));
    expect(sounding(container)).toEqual([]);
  });

  it('shows the count-in as such, with its beat lit and no note lit', () => {
    const { container } = renderNotation(playing({ step: null, countIn: true, beat: 2, bar: 2 }));
    const strip = container.querySelector('.notation__beats')!;
    expect(strip.textContent).toBe('Count-in1234');
    expect(strip.querySelector('.is-lit')?.textContent).toBe('3');
    expect(sounding(container)).toEqual([]);
    expect(container.querySelector('.notation__bar')).toBeNull();
  });

  it('marks a silent bar as the transport does ("silent, keep time") and highlights the bar playing', () => {
    const secondBar = notation.timeSignature.beats * notation.subdivision;
    const { container } = renderNotation(playing({ step: secondBar, bar: 1, silent: true }));
    expect(container.querySelector('.notation__beats')?.textContent).toContain('Bar 2 of 2');
    const bar = container.querySelector('.notation__bar--silent');
    expect(bar?.textContent).toBe('silent, keep time');
  });

  it('says so while the notation loads and when it could not be loaded', () => {
    const { rerender } = render(
      <NotationView lessonName="x" notation={{ status: 'loading' }} repetitions={1} position={null} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the notation…');
    rerender(
      <NotationView
        lessonName="x"
        notation={{ status: 'error', message: 'The notation could not be loaded.' }}
        repetitions={1}
        position={null}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('The notation could not be loaded.');
  });
});
