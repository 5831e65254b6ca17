import { InputUnavailable } from './input-problems';

export interface MidiDevice {
  id: string;
  name: string;
}

/** A note-on from the e-kit: the note number, its velocity, and when it arrived (performance.now() ms). */
export interface MidiStroke {
  note: number;
  velocity: number;
  receivedAt: number;
}

export interface MidiSession {
  devices(): MidiDevice[];
  /** Listens to one device; `onGone` is called when it is unplugged. Returns a function that stops. */
  listen(deviceId: string, onStroke: (stroke: MidiStroke) => void, onGone: () => void): () => void;
}

/** A note-on of any channel (kits send on channel 10, some on others); velocity 0 is a note-off. */
export const strokeOf = (data: Uint8Array, receivedAt: number): MidiStroke | null => {
  const [status = 0, note = 0, velocity = 0] = data;
  return (status & 0xf0) === 0x90 && velocity > 0 ? { note, velocity, receivedAt } : null;
};

/** Web MIDI access (`navigator.requestMIDIAccess`), or why there is none. */
export async function requestMidi(nav: Navigator = navigator): Promise<MidiSession> {
  if (typeof nav.requestMIDIAccess !== 'function') throw new InputUnavailable('midi-unsupported');
  let access: MIDIAccess;
  try {
    access = await nav.requestMIDIAccess();
  } catch {
    throw new InputUnavailable('midi-denied');
  }
  const inputs = () => [...access.inputs.values()].filter((input) => input.state !== 'disconnected');
  return {
    devices: () => inputs().map((input) => ({ id: input.id, name: input.name ?? 'MIDI device' })),
    listen(deviceId, onStroke, onGone) {
      const input = inputs().find((candidate) => candidate.id === deviceId);
      if (!input) {
        onGone();
        return () => {};
      }
      const onMessage = (event: MIDIMessageEvent) => {
        const stroke = event.data ? strokeOf(event.data, event.timeStamp) : null;
        if (stroke) onStroke(stroke);
      };
      const onState = (event: MIDIConnectionEvent) => {
        if (event.port?.id === deviceId && event.port.state === 'disconnected') onGone();
      };
      input.addEventListener('midimessage', onMessage);
      access.addEventListener('statechange', onState);
      return () => {
        input.removeEventListener('midimessage', onMessage);
        access.removeEventListener('statechange', onState);
      };
    },
  };
}
