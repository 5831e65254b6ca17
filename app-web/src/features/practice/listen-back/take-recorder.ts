/** Whether this browser can record audio (MediaRecorder). */
export const canRecord = (): boolean => typeof MediaRecorder !== 'undefined';

export interface TakeRecording {
  /** Ends the recording: its audio, in the browser's own format (WebM/Opus, MP4/AAC, …). */
  stop(): Promise<Blob>;
}

/**
 * Records the microphone's stream on this device (MediaRecorder; nothing is sent anywhere).
 * `onStarted` is called when the recorder has started, for the caller to note the audio clock then.
 */
export const recordTake = (stream: MediaStream, onStarted: () => void): TakeRecording => {
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  recorder.onstart = onStarted;
  recorder.start();
  return {
    stop: () =>
      new Promise<Blob>((resolve, reject) => {
        const done = () => resolve(new Blob(chunks, { type: recorder.mimeType }));
        if (recorder.state === 'inactive') return done();
        recorder.onstop = done;
        recorder.onerror = () => reject(new Error('The recorder failed.'));
        recorder.stop();
      }),
  };
};
