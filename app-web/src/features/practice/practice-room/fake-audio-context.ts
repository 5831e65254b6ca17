/**
 * A stand-in for the Web Audio API in jsdom: enough of AudioContext for the practice room's engine,
 * recording every source's start(when) so tests can see what would sound and when.
 */
export interface RecordedStart {
  kind: 'oscillator' | 'buffer';
  when: number;
  frequency: number | null;
  /** A buffer source's offset into its buffer (where a sampled hit begins). */
  offset?: number | undefined;
}

/** An AudioParam that keeps its automation calls: [method, value, time]. */
const param = () => {
  const calls: [string, number, number][] = [];
  return {
    value: 0,
    calls,
    setValueAtTime(value: number, time: number) {
      calls.push(['setValueAtTime', value, time]);
    },
    linearRampToValueAtTime(value: number, time: number) {
      calls.push(['linearRampToValueAtTime', value, time]);
    },
    exponentialRampToValueAtTime() {},
    setTargetAtTime() {},
  };
};

export const createFakeAudioContext = () => {
  const starts: RecordedStart[] = [];
  const contexts: { closed: boolean }[] = [];
  const gains: { gain: ReturnType<typeof param> }[] = [];
  // An EventTarget, as the real one: the room listens for 'statechange' (the system suspending it).
  class FakeAudioContext extends EventTarget {
    currentTime = 0;
    sampleRate = 8000;
    state = 'running';
    destination = {};
    baseLatency = 0;
    closed = false;
    constructor() {
      super();
      contexts.push(this);
    }
    resume() {
      return Promise.resolve();
    }
    /** As the system does when another app takes the audio. */
    suspend() {
      this.state = 'suspended';
      this.dispatchEvent(new Event('statechange'));
      return Promise.resolve();
    }
    close() {
      this.closed = true;
      return Promise.resolve();
    }
    createGain() {
      const gain = { gain: param(), connect: (node: unknown) => node, disconnect() {} };
      gains.push(gain);
      return gain;
    }
    createWaveShaper() {
      return { curve: null, oversample: 'none', connect: (node: unknown) => node, disconnect() {} };
    }
    createBiquadFilter() {
      return {
        type: 'lowpass',
        frequency: param(),
        Q: param(),
        connect: (node: unknown) => node,
        disconnect() {},
      };
    }
    createBuffer(_channels: number, length: number) {
      const data = new Float32Array(length);
      return { getChannelData: () => data };
    }
    private source(kind: RecordedStart['kind']) {
      const frequency = param();
      return {
        frequency,
        playbackRate: param(),
        type: 'sine',
        buffer: null,
        onended: null,
        connect: (node: unknown) => node,
        disconnect() {},
        start: (when = 0, offset?: number) =>
          starts.push({ kind, when, frequency: kind === 'oscillator' ? frequency.value : null, offset }),
        stop() {},
      };
    }
    createOscillator() {
      const oscillator = this.source('oscillator');
      oscillator.frequency.setValueAtTime = (value: number) => {
        oscillator.frequency.value = value;
      };
      return oscillator;
    }
    createBufferSource() {
      return this.source('buffer');
    }
  }
  return { AudioContext: FakeAudioContext as unknown as typeof AudioContext, starts, contexts, gains };
};
