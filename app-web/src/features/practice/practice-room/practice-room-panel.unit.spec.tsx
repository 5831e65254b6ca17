import { findExercise, type PlaybackPosition } from '@stickwork/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAudioContext } from './fake-audio-context';
import PracticeRoomPanel from './practice-room-panel';
import { PRACTICE_SETTINGS_KEY } from './practice-settings';

let audio: ReturnType<typeof createFakeAudioContext>;
const ACCENT_HZ = 1760;
const BEAT_HZ = 1175;

beforeEach(() => {
  audio = createFakeAudioContext();
  window.AudioContext = audio.AudioContext;
  window.localStorage.clear();
  vi.useFakeTimers({
    toFake: ['setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as { AudioContext?: unknown }).AudioContext;
});

const notation = findExercise(100034)!.notation; // 4/4 sixteenths, 2 bars
const onPosition = vi.fn();
const renderPanel = (props: Partial<Parameters<typeof PracticeRoomPanel>[0]> = {}) =>
  render(<PracticeRoomPanel notation={null} startBpm={88} onPosition={onPosition} {...props} />);
const tempoField = () => screen.getByLabelText('Metronome (BPM)') as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });
/** Lets the look-ahead timer run as if `seconds` of audio had passed. */
const playFor = (seconds: number) =>
  act(() => {
    const context = audio.contexts[0] as unknown as { currentTime: number };
    for (let step = 0; step < seconds / 0.025; step++) {
      context.currentTime += 0.025;
      vi.advanceTimersByTime(25);
    }
  });
const clickStarts = () => audio.starts.filter((start) => start.kind === 'oscillator');

describe('the practice room panel', () => {
  it("starts at the lesson's tempo and keeps the tempo within 30-250 from the field, the buttons and the slider", () => {
    renderPanel();
    expect(tempoField().value).toBe('88');
    fireEvent.change(tempoField(), { target: { value: '300' } });
    fireEvent.blur(tempoField());
    expect(tempoField().value).toBe('250');
    fireEvent.click(button('Faster by 1 bpm'));
    expect(tempoField().value).toBe('250');
    fireEvent.click(button('Slower by 1 bpm'));
    expect(tempoField().value).toBe('249');
    fireEvent.change(screen.getByLabelText('Tempo slider'), { target: { value: '30' } });
    fireEvent.click(button('Slower by 1 bpm'));
    expect(tempoField().value).toBe('30');
  });

  it('clicks on the beat grid from Start metronome, accenting beat one, and nothing after Pause', () => {
    renderPanel({ startBpm: 120 });
    fireEvent.click(button('Start metronome'));
    expect(button('Pause metronome').getAttribute('aria-pressed')).toBe('true');
    playFor(2);
    const clicks = clickStarts();
    expect(clicks.length).toBeGreaterThanOrEqual(4);
    clicks.forEach((click, n) => expect(click.when).toBeCloseTo(0.1 + n * 0.5, 9));
    expect(clicks.map((click) => click.frequency).slice(0, 5)).toEqual([
      ACCENT_HZ,
      BEAT_HZ,
      BEAT_HZ,
      BEAT_HZ,
      ACCENT_HZ,
    ]);

    fireEvent.click(button('Pause metronome'));
    const count = audio.starts.length;
    playFor(2);
    expect(audio.starts.length).toBe(count);
    expect(button('Start metronome')).toBeDefined();
  });

  it('plays the pattern after a bar of count-in clicks, with drum sounds, and stops on Stop pattern', () => {
    renderPanel({ notation, startBpm: 120 });
    fireEvent.click(button('Play pattern'));
    playFor(1.8);
    // The count-in: four beat clicks, no drum yet.
    expect(
      audio.starts.filter((start) => start.when < 2.1 - 1e-9).every((start) => start.kind === 'oscillator'),
    ).toBe(true);
    playFor(1);
    expect(audio.starts.some((start) => start.kind === 'buffer' && start.when >= 2.1 - 1e-9)).toBe(true);
    fireEvent.click(button('Stop pattern'));
    const count = audio.starts.length;
    playFor(1);
    expect(audio.starts.length).toBe(count);
  });

  it('muting the pattern keeps the click and plays no drum', () => {
    renderPanel({ notation, startBpm: 120 });
    fireEvent.click(screen.getByLabelText('Mute pattern'));
    fireEvent.click(button('Play pattern'));
    playFor(4);
    expect(clickStarts().length).toBeGreaterThan(4);
    expect(audio.starts.every((start) => start.kind === 'oscillator')).toBe(true);
  });

  it('answers Space, the arrows (Shift: 5) and T outside text fields, and not while typing in one', () => {
    renderPanel({ startBpm: 100 });
    const now = vi.spyOn(performance, 'now');
    fireEvent.keyDown(document.body, { key: 'ArrowUp' });
    expect(tempoField().value).toBe('101');
    fireEvent.keyDown(document.body, { key: 'ArrowDown', shiftKey: true });
    expect(tempoField().value).toBe('96');
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(button('Pause metronome')).toBeDefined();
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(button('Start metronome')).toBeDefined();

    for (const at of [1000, 1500, 2000]) {
      now.mockReturnValue(at);
      fireEvent.keyDown(document.body, { key: 't' });
    }
    expect(tempoField().value).toBe('120');

    fireEvent.keyDown(tempoField(), { key: 'ArrowUp' });
    fireEvent.keyDown(tempoField(), { key: 't' });
    expect(tempoField().value).toBe('120');
    now.mockRestore();
  });

  it('keeps the chosen settings in this browser, but not the tempo', () => {
    renderPanel();
    fireEvent.click(screen.getByLabelText('Sixteenths'));
    fireEvent.click(screen.getByLabelText('Accent on beat one'));
    fireEvent.click(screen.getByLabelText('Leave bars silent to test my time'));
    fireEvent.change(screen.getByLabelText('Silent bars'), { target: { value: '3' } });
    fireEvent.change(tempoField(), { target: { value: '150' } });
    cleanup();

    expect(JSON.parse(window.localStorage.getItem(PRACTICE_SETTINGS_KEY)!)).toMatchObject({
      subdivision: 4,
      accentFirstBeat: false,
      gap: { enabled: true, withClick: 2, silent: 3 },
    });
    renderPanel();
    expect((screen.getByLabelText('Sixteenths') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Accent on beat one') as HTMLInputElement).checked).toBe(false);
    expect(screen.getAllByText('silent')).toHaveLength(3);
    expect(tempoField().value).toBe('88');
  });

  it('shows the speed trainer from the lesson tempo to +20 %, and its next step', () => {
    renderPanel({ startBpm: 100 });
    fireEvent.click(screen.getByLabelText('Raise the tempo as I play'));
    expect((screen.getByLabelText('Start (BPM)') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Target (BPM)') as HTMLInputElement).value).toBe('120');
    expect(screen.getByText(/Speed trainer: now/).textContent).toBe(
      'Speed trainer: now 100 bpm, next 102 bpm at bar 5',
    );
  });

  it('closes its audio context and stops its timer when the card unmounts: no ghost clicks', () => {
    renderPanel({ startBpm: 120 });
    fireEvent.click(button('Start metronome'));
    playFor(1);
    const count = audio.starts.length;
    cleanup();
    expect((audio.contexts[0] as unknown as { closed: boolean }).closed).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(audio.starts.length).toBe(count);
  });
  it('leaves the gap click bars silent: K bars with click, L without', () => {
    renderPanel({ startBpm: 240 });
    fireEvent.click(screen.getByLabelText('Leave bars silent to test my time'));
    fireEvent.change(screen.getByLabelText('Bars with click'), { target: { value: '1' } });
    fireEvent.blur(screen.getByLabelText('Bars with click'));
    fireEvent.change(screen.getByLabelText('Silent bars'), { target: { value: '2' } });
    fireEvent.blur(screen.getByLabelText('Silent bars'));
    expect(screen.getAllByText('silent')).toHaveLength(2);
    fireEvent.click(button('Start metronome'));
    playFor(4);
    const times = clickStarts().map((start) => Math.round((start.when - 0.1) * 100) / 100);
    expect(times).toEqual([0, 0.25, 0.5, 0.75, 3, 3.25, 3.5, 3.75]);
  });
  it('tells the notation where the pattern is (count-in, then its steps), and nothing for the metronome alone', () => {
    renderPanel({ notation, startBpm: 120 });
    const published = () => onPosition.mock.calls.map(([position]) => position as PlaybackPosition | null);
    onPosition.mockClear();
    fireEvent.click(button('Start metronome'));
    playFor(1);
    expect(published().every((position) => position === null)).toBe(true);
    fireEvent.click(button('Pause metronome'));

    onPosition.mockClear();
    fireEvent.click(button('Play pattern'));
    playFor(1);
    expect(published().at(-1)).toMatchObject({ countIn: true, step: null });
    playFor(2);
    expect(published().at(-1)).toMatchObject({ countIn: false, bar: 0, beat: 1 });
    expect(published().at(-1)?.step).toBeGreaterThanOrEqual(4);
    fireEvent.click(button('Stop pattern'));
    expect(published().at(-1)).toBeNull();
  });
});
