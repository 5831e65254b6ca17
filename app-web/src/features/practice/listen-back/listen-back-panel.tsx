import { accuracyLabel, timingOffsetLabel } from '@stickwork/domain';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/button/button';
import { Check } from '../practice-room/check';
import { strokeSoundingAt, type ListenBack, type ListenBackProblem } from './listen-back';
import { KEPT_TAKES, type RecordedTake } from './recorded-takes';
import './listen-back.css';

const PROBLEMS: Record<ListenBackProblem, string> = {
  storage:
    'This browser does not let Stickwork keep recordings (private browsing, or its storage is full or blocked): your takes can be heard back only until you leave this lesson.',
  'recording-failed': 'This take could not be recorded. The coach still scored it.',
  'cannot-play': 'This take cannot be played back in this browser.',
};

const takeTime = (take: RecordedTake) =>
  new Date(take.recordedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The offset of the stroke sounding now, as the coach judged it, kept current on animation frames. */
const useStrokeNow = (listenBack: ListenBack, take: RecordedTake | undefined, time: () => number | null) => {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!take) return setText(null);
    let frame = requestAnimationFrame(function show() {
      const seconds = time();
      const stroke = seconds === null ? null : strokeSoundingAt(take.strokes, seconds);
      setText(
        stroke === null
          ? null
          : stroke.inRecording === false
            ? 'heard by the coach, not in the recording'
            : stroke.offsetMs === null
              ? 'extra stroke'
              : timingOffsetLabel(stroke.offsetMs),
      );
      frame = requestAnimationFrame(show);
    });
    return () => cancelAnimationFrame(frame);
  }, [listenBack, take, time]);
  return text;
};

/**
 * Hear yourself, under the timing coach: the lesson's recorded takes to play back with the notation
 * lit and each stroke's offset shown as it sounds, the click with them if wanted, and one control that
 * deletes every recording on the device. Says plainly when the browser cannot record or keep them.
 */
export const ListenBackPanel = ({
  listenBack,
  microphoneOn,
  replayTime,
}: {
  listenBack: ListenBack;
  microphoneOn: boolean;
  replayTime: () => number | null;
}) => {
  const state = useSyncExternalStore(listenBack.subscribe, listenBack.getSnapshot);
  const playing = state.takes.find((take) => take.id === state.playing);
  const strokeNow = useStrokeNow(listenBack, playing, replayTime);
  if (!microphoneOn && state.takes.length === 0 && !state.deleted) return null;
  return (
    <section className="listen-back" aria-labelledby="listen-back-title">
      <h3 id="listen-back-title" className="listen-back__title">
        Hear yourself
      </h3>
      {state.canRecord ? (
        <p className="listen-back__note">
          With the microphone on, each take of the pattern is recorded so you can hear it back with the music.
          Recordings stay on this device and are never uploaded; the last {KEPT_TAKES} takes of each lesson
          are kept.
        </p>
      ) : (
        <p className="listen-back__note" role="status">
          This browser cannot record audio, so your takes cannot be heard back. The coach still scores them.
        </p>
      )}
      {state.problem ? (
        <p className="form-message form-message--error" role="alert">
          {PROBLEMS[state.problem]}
        </p>
      ) : null}
      <p className="listen-back__status" role="status">
        {state.recording
          ? 'Recording this take…'
          : state.deleted
            ? 'Your recordings are deleted from this device.'
            : state.takes.length === 0
              ? 'No take of this lesson is recorded yet.'
              : ''}
      </p>
      {state.takes.length > 0 ? (
        <>
          <ol className="listen-back__takes" aria-label="Recorded takes of this lesson">
            {state.takes.map((take) => {
              const label = `${takeTime(take)}, ${take.bpm} bpm, ${accuracyLabel(take.accuracy)}`;
              const isPlaying = take.id === state.playing;
              return (
                <li key={take.id} className="listen-back__take">
                  <span>{label}</span>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${isPlaying ? 'Stop' : 'Play back'} the take of ${label}`}
                    aria-pressed={isPlaying}
                    disabled={state.recording}
                    onClick={() => (isPlaying ? listenBack.stop() : void listenBack.play(take.id))}
                  >
                    {isPlaying ? 'Stop' : 'Play back'}
                  </Button>
                </li>
              );
            })}
          </ol>
          {playing ? (
            <p className="listen-back__now">
              This stroke: <strong>{strokeNow ?? '–'}</strong>
            </p>
          ) : null}
          <div className="listen-back__actions">
            <Check checked={state.withClick} onChange={(withClick) => listenBack.setWithClick(withClick)}>
              Click with the playback
            </Check>
            <Button size="sm" variant="ghost" onClick={() => void listenBack.deleteAll()}>
              Delete all my recordings
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
};
