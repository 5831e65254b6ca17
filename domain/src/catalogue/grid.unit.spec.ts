import { describe, expect, it } from 'vitest';
import { countingFor, line, mirrorHands, notation, stickingText } from './grid.js';
import { kitNotes } from './kit.js';

describe('line', () => {
  it('reads a drum-chart pattern into notes with sticking, accents, ghosts and ornaments', () => {
    expect(line('snare', 'Xg-f | d-z-', { sticking: 'RL' })).toEqual([
      { step: 0, voice: 'snare', sticking: 'R', accent: true },
      { step: 1, voice: 'snare', sticking: 'L', ghost: true },
      { step: 3, voice: 'snare', sticking: 'R', ornament: 'flam' },
      { step: 4, voice: 'snare', sticking: 'L', ornament: 'drag' },
      { step: 6, voice: 'snare', sticking: 'R', ornament: 'buzz' },
    ]);
  });

  it('repeats the pattern to the requested length from an offset and opens the hi-hat on "o"', () => {
    const notes = line('hi_hat', 'x-o-', { offset: 8, length: 8, sticking: 'R' });
    expect(notes.map((n) => [n.step, n.voice])).toEqual([
      [8, 'hi_hat'],
      [10, 'hi_hat_open'],
      [12, 'hi_hat'],
      [14, 'hi_hat_open'],
    ]);
  });

  it('refuses unknown symbols', () => {
    expect(() => line('snare', 'x?x')).toThrow('unknown pattern symbol');
  });
});

describe('kitNotes', () => {
  it('refuses a part that does not tile the notation', () => {
    expect(() => kitNotes({ snare: 'x--' }, 16)).toThrow('does not tile');
  });

  it('gives feet the F sticking and drops parts set to an empty pattern', () => {
    const notes = kitNotes({ bass_drum: 'x---', ride: '' }, 8);
    expect(notes).toEqual([
      { step: 0, voice: 'bass_drum', sticking: 'F' },
      { step: 4, voice: 'bass_drum', sticking: 'F' },
    ]);
  });
});

describe('helpers', () => {
  it('counts bars out loud per subdivision', () => {
    expect(countingFor(2, 4)).toBe('1 e & a 2 e & a');
    expect(countingFor(2, 3)).toBe('1 trip let 2 trip let');
  });

  it('mirrors hands but not feet', () => {
    expect(
      mirrorHands([
        { step: 0, voice: 'snare', sticking: 'R' },
        { step: 0, voice: 'bass_drum', sticking: 'F' },
      ]),
    ).toEqual([
      { step: 0, voice: 'snare', sticking: 'L' },
      { step: 0, voice: 'bass_drum', sticking: 'F' },
    ]);
  });

  it('sorts notation notes by step, top of the staff first', () => {
    const sorted = notation({ beats: 1, beatUnit: 4, subdivision: 2, bars: 1 }, [
      { step: 1, voice: 'snare' },
      { step: 0, voice: 'bass_drum' },
      { step: 0, voice: 'crash' },
    ]);
    expect(sorted.notes.map((n) => n.voice)).toEqual(['crash', 'bass_drum', 'snare']);
  });

  it('writes sticking per beat', () => {
    expect(stickingText(line('snare', 'xxxx xxxx', { sticking: 'RLRRLRLL' }), 4)).toBe('R L R R | L R L L');
  });
});
