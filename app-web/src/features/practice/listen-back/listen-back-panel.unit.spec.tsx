import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListenBack, type ListenBackPlayer } from './listen-back';
import { ListenBackPanel } from './listen-back-panel';

const player: ListenBackPlayer = {
  audioContext: () => null,
  replay: () => {},
  stopReplay: () => {},
  replayTime: () => null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Hear yourself where the browser cannot record or keep takes', () => {
  it('says plainly that a browser without MediaRecorder cannot record, and that the coach still scores', () => {
    vi.stubGlobal('MediaRecorder', undefined);
    render(<ListenBackPanel listenBack={new ListenBack(player, 1)} microphoneOn replayTime={() => null} />);
    expect(
      screen.getByText(
        'This browser cannot record audio, so your takes cannot be heard back. The coach still scores them.',
      ),
    ).toBeTruthy();
  });

  it('says plainly that recordings cannot be kept when the browser has no storage for them', async () => {
    vi.stubGlobal('MediaRecorder', class {});
    vi.stubGlobal('indexedDB', undefined);
    const listenBack = new ListenBack(player, 1);
    render(<ListenBackPanel listenBack={listenBack} microphoneOn replayTime={() => null} />);
    await act(() => listenBack.load());
    expect(screen.getByRole('alert').textContent).toBe(
      'This browser does not let Stickwork keep recordings (private browsing, or its storage is full or blocked): your takes can be heard back only until you leave this lesson.',
    );
    expect(screen.getByText(/Recordings stay on this device and are never uploaded/)).toBeTruthy();
  });

  it('shows nothing while the microphone is off and no take is kept', () => {
    vi.stubGlobal('MediaRecorder', class {});
    const { container } = render(
      <ListenBackPanel listenBack={new ListenBack(player, 1)} microphoneOn={false} replayTime={() => null} />,
    );
    expect(container.textContent).toBe('');
  });
});
