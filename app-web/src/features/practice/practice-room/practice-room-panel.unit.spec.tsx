import { findExercise, type PlaybackPosition, type TakeScore } from '@stickwork/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardTransport } from './card-transport';
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
type PanelProps = Parameters<typeof PracticeRoomPanel>[0];
/** The card's machine reduced to its transport: what plays, the last mode and why it stopped. */
const Harness = (props: Partial<PanelProps>) => {
  const [state, setState] = useState<Pick<CardTransport, 'playing' | 'mode' | 'stoppedBy'>>({
    playing: null,
    mode: 'pattern',
    stoppedBy: null,
  });
  const transport: CardTransport = {
    ...state,
    play: (mode) => setState({ playing: mode, mode, stoppedBy: null }),
    stop: () => setState((now) => ({ ...now, playing: null })),
    interrupted: (by) => setState((now) => (now.playing ? { ...now, playing: null, stoppedBy: by } : now)),
  };
  return (
    <PracticeRoomPanel
      notation={null}
      startBpm={88}
      onPosition={onPosition}
      transport={transport}
      {...props}
    />
  );
};
const renderPanel = (props: Partial<PanelProps> = {}) => render(<Harness {...props} />);
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

  it('Space starts and stops the card wherever the focus is but in a text field; the arrows change the tempo only in the tempo field; T taps', () => {
    renderPanel({ startBpm: 100 });
    const now = vi.spyOn(performance, 'now');
    // Outside the tempo field the arrows are the page's (scrolling): not handled, not prevented.
    const arrow = new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true });
    document.body.dispatchEvent(arrow);
    expect(arrow.defaultPrevented).toBe(false);
    expect(tempoField().value).toBe('100');
    fireEvent.keyDown(tempoField(), { key: 'ArrowUp' });
    expect(tempoField().value).toBe('101');
    fireEvent.keyDown(tempoField(), { key: 'ArrowDown', shiftKey: true });
    expect(tempoField().value).toBe('96');

    // Without notation the card's transport plays the metronome; on a focused button Space is the card's.
    button('Faster by 1 bpm').focus();
    fireEvent.keyDown(button('Faster by 1 bpm'), { key: ' ' });
    expect(button('Pause metronome')).toBeDefined();
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(button('Start metronome')).toBeDefined();
    expect(tempoField().value).toBe('96');

    for (const at of [1000, 1500, 2000]) {
      now.mockReturnValue(at);
      fireEvent.keyDown(document.body, { key: 't' });
    }
    expect(tempoField().value).toBe('120');

    fireEvent.keyDown(tempoField(), { key: 't' });
    fireEvent.keyDown(tempoField(), { key: ' ' });
    expect(tempoField().value).toBe('120');
    expect(button('Start metronome')).toBeDefined();
    now.mockRestore();
  });

  it('Space plays the pattern once the notation is there, and stops it', () => {
    renderPanel({ notation, startBpm: 120 });
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(button('Stop pattern').getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(button('Play pattern')).toBeDefined();
  });

  it('counts in audibly with the click off, for the pattern and the metronome; the metronome always clicks', () => {
    renderPanel({ notation, startBpm: 120 });
    fireEvent.click(screen.getByLabelText('Click'));
    fireEvent.click(button('Play pattern'));
    playFor(2.5);
    // A bar of count-in clicks at 120 bpm (0.1, 0.6, 1.1, 1.6), then drums and no click.
    const metronomeClicks = () =>
      clickStarts().filter((start) => start.frequency === ACCENT_HZ || start.frequency === BEAT_HZ);
    expect(metronomeClicks().map((start) => start.when)).toEqual(
      [0.1, 0.6, 1.1, 1.6].map((t) => expect.closeTo(t, 9)),
    );
    expect(audio.starts.some((start) => start.kind === 'buffer')).toBe(true);
    fireEvent.click(button('Stop pattern'));

    const before = metronomeClicks().length;
    fireEvent.click(button('Start metronome'));
    playFor(4);
    expect(metronomeClicks().length - before).toBeGreaterThanOrEqual(7);
  });

  it('counts in before the metronome alone only when Count-in is ticked', () => {
    renderPanel({ startBpm: 60 });
    fireEvent.click(button('Start metronome'));
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText('Stopped')).toBeDefined();
    playFor(0.2);
    expect(screen.queryByText('Count-in')).not.toBeNull();
    fireEvent.click(button('Pause metronome'));
    fireEvent.click(screen.getByLabelText('Count-in (one bar)'));
    fireEvent.click(button('Start metronome'));
    playFor(0.2);
    expect(screen.getByText('Bar 1')).toBeDefined();
  });

  it('a suspended audio context stops the transport and says so', async () => {
    renderPanel({ startBpm: 120 });
    fireEvent.click(button('Start metronome'));
    playFor(0.5);
    await act(async () => {
      await (audio.contexts[0] as unknown as { suspend: () => Promise<void> }).suspend();
    });
    expect(button('Start metronome')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('Stopped: the sound was cut off');
    const count = audio.starts.length;
    playFor(1);
    expect(audio.starts.length).toBe(count);
  });

  it('a hidden page stops the transport and says so', () => {
    renderPanel({ startBpm: 120 });
    fireEvent.click(button('Start metronome'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    expect(button('Start metronome')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Stopped: the page was hidden. Press play to go on.');
  });

  it('keeps the pass count while the pattern plays', () => {
    renderPanel({ notation, startBpm: 240, passes: 12 });
    fireEvent.click(screen.getByLabelText('Count-in (one bar)'));
    fireEvent.click(button('Play pattern'));
    playFor(0.3);
    expect(screen.getByText('Pass 1 of 12')).toBeDefined();
    playFor(2.1); // two bars of 4/4 at 240 bpm: the second pass
    expect(screen.getByText('Pass 2 of 12')).toBeDefined();
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

  it("names the tempo's note in the settings in x/8, as the card does, and follows the tempo field", () => {
    renderPanel({ notation: findExercise(830007)!.notation, startBpm: 160 });
    expect(screen.getByText(/^Tempo:/).textContent).toBe('Tempo: ♪ = 160 (♩. = 53)');
    fireEvent.change(tempoField(), { target: { value: '120' } });
    fireEvent.blur(tempoField());
    expect(screen.getByText(/^Tempo:/).textContent).toBe('Tempo: ♪ = 120 (♩. = 40)');
    cleanup();
    // In 4/4 the beat is the quarter note the BPM field already counts: no line of its own.
    renderPanel({ notation, startBpm: 160 });
    expect(screen.queryByText(/^Tempo:/)).toBeNull();
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
  it('leaves the gap click bars silent: K bars with click, L without (after the count-in)', () => {
    renderPanel({ startBpm: 240 });
    fireEvent.click(screen.getByLabelText('Leave bars silent to test my time'));
    fireEvent.change(screen.getByLabelText('Bars with click'), { target: { value: '1' } });
    fireEvent.blur(screen.getByLabelText('Bars with click'));
    fireEvent.change(screen.getByLabelText('Silent bars'), { target: { value: '2' } });
    fireEvent.blur(screen.getByLabelText('Silent bars'));
    expect(screen.getAllByText('silent')).toHaveLength(2);
    fireEvent.click(button('Start metronome'));
    playFor(4);
    playFor(1);
    const times = clickStarts().map((start) => Math.round((start.when - 0.1) * 100) / 100);
    // A bar of count-in (0-0.75), one bar with click (1-1.75), two silent bars, then the click again.
    expect(times.slice(0, 10)).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 4, 4.25]);
  });

  it('a gap change during the run waits for the end of the cycle', () => {
    renderPanel({ startBpm: 240 });
    fireEvent.click(screen.getByLabelText('Count-in (one bar)'));
    fireEvent.click(screen.getByLabelText('Leave bars silent to test my time'));
    fireEvent.change(screen.getByLabelText('Bars with click'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Silent bars'), { target: { value: '1' } });
    fireEvent.click(button('Start metronome'));
    playFor(0.5); // bar 1 of a 1+1 cycle is planned
    fireEvent.change(screen.getByLabelText('Bars with click'), { target: { value: '2' } });
    playFor(6);
    const barOf = (when: number) => Math.floor(when - 0.1 + 1e-9);
    const barsWithClick = [...new Set(clickStarts().map((start) => barOf(start.when)))];
    // Old cycle: bar 0 click, bar 1 silent; then the new 2+1 from bar 2: 2, 3 click, 4 silent, 5 click.
    expect(barsWithClick.slice(0, 4)).toEqual([0, 2, 3, 5]);
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

describe('the timing coach after a card turn', () => {
  const take: TakeScore = {
    expected: 16,
    hit: 15,
    missed: 1,
    extra: 2,
    meanOffsetMs: 18,
    spreadMs: 7.4,
    accuracy: 86.5,
    dynamics: null,
    hits: [],
  };

  it("opens on the lesson's last take, its summary as it was left (the card turned and came back)", () => {
    renderPanel({ notation, startBpm: 120, lastTake: take });
    const coach = screen.getByText('Timing coach: score my playing').closest('details')!;
    expect(coach.open).toBe(true);
    const summary = screen.getByRole('region', { name: 'Your take' });
    expect(within(summary).getByText('87 %')).toBeDefined();
    expect(within(summary).getByText('15 of 16 notes played, 1 missed, 2 extra')).toBeDefined();
    expect(within(summary).getByText('18 ms late')).toBeDefined();
    expect(within(summary).getByText('± 7 ms')).toBeDefined();
    expect(summary.textContent).toContain(
      'This take suggests rating the lesson challenging; you choose when you evaluate.',
    );
  });

  it("suggests what the lesson's full takes give by one rule once there are several, not this take's own", () => {
    // 86.5 % alone would suggest challenging; the play's three takes (one of them 92 %) point to easy.
    renderPanel({ notation, startBpm: 120, lastTake: take, playSuggestion: { rating: 'easy', takes: 3 } });
    const summary = screen.getByRole('region', { name: 'Your take' });
    expect(summary.textContent).toContain(
      'Your 3 full takes of this lesson suggest rating it easy; you choose when you evaluate.',
    );
    expect(summary.textContent).not.toContain('This take suggests');
  });

  it('shows a take too short to count, and says why it does not count', () => {
    const falseStart = { ...take, expected: 2, hit: 2, missed: 0, extra: 0, accuracy: 100 };
    renderPanel({ notation, startBpm: 120, lastTake: falseStart });
    const summary = screen.getByRole('region', { name: 'Your take' });
    expect(within(summary).getByText('100 %')).toBeDefined();
    expect(within(summary).getByText('2 of 2 notes played, 0 missed, 0 extra')).toBeDefined();
    expect(summary.textContent).toContain(
      'Too short to count: a take counts from 16 notes, this one had 2. It is not recorded, and sets neither your next tempo nor the suggested rating.',
    );
    expect(summary.textContent).not.toContain('This take suggests');
  });

  it('opens closed, with no summary, on a lesson without a take', () => {
    renderPanel({ notation, startBpm: 120 });
    expect(screen.getByText('Timing coach: score my playing').closest('details')!.open).toBe(false);
    expect(screen.queryByRole('region', { name: 'Your take' })).toBeNull();
  });
});

describe('the Screen Wake Lock', () => {
  /** A browser with the Screen Wake Lock: each request resolves when the test says, with its own lock. */
  const fakeWakeLock = () => {
    const locks: { release: ReturnType<typeof vi.fn>; resolve: () => void }[] = [];
    const request = vi.fn(
      () =>
        new Promise<{ release: () => Promise<void> }>((resolve) => {
          const lock = { release: vi.fn(() => Promise.resolve()) };
          locks.push({ release: lock.release, resolve: () => resolve(lock) });
        }),
    );
    vi.stubGlobal('navigator', { ...navigator, wakeLock: { request } });
    return { request, locks };
  };
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the screen on while the card plays, and lets it sleep when it stops', async () => {
    const { request, locks } = fakeWakeLock();
    renderPanel({ notation, startBpm: 120 });
    expect(request).not.toHaveBeenCalled();
    fireEvent.click(button('Play pattern'));
    expect(request).toHaveBeenCalledWith('screen');
    await act(async () => locks[0]!.resolve());
    expect(locks[0]!.release).not.toHaveBeenCalled();
    fireEvent.click(button('Stop pattern'));
    expect(locks[0]!.release).toHaveBeenCalledTimes(1);
    // The metronome alone keeps it on too.
    fireEvent.click(button('Start metronome'));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('releases a lock the browser grants only after the card stopped', async () => {
    const { locks } = fakeWakeLock();
    renderPanel({ notation, startBpm: 120 });
    fireEvent.click(button('Play pattern'));
    fireEvent.click(button('Stop pattern'));
    await act(async () => locks[0]!.resolve());
    expect(locks[0]!.release).toHaveBeenCalledTimes(1);
  });

  it('plays on where the browser refuses the lock or has none', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      wakeLock: { request: () => Promise.reject(new DOMException('battery saver', 'NotAllowedError')) },
    });
    renderPanel({ notation, startBpm: 120 });
    fireEvent.click(button('Play pattern'));
    await act(async () => {});
    expect(button('Stop pattern')).toBeDefined();
  });
});
