import { useId, useState, useSyncExternalStore } from 'react';
import {
  accuracyLabel,
  calibrationRefusalText,
  latencyText,
  softStrokeTuningText,
  SOFT_STROKE_TUNING_STROKES,
  timingOffsetLabel,
  VOICES,
  type Notation,
} from '@stickwork/domain';
import { Button } from '../../../components/button/button';
import { INPUT_PROBLEM_MESSAGES } from './input-problems';
import { laneData, VOICE_NAMES } from './lane-data';
import { LaneView } from './lane-view';
import { TakeSummary, type PlaySuggestion } from './take-summary';
import type { CoachInput, CoachSnapshot, TimingCoach, UnscoredTake } from './timing-coach';
import './timing-coach.css';

interface TimingCoachPanelProps {
  coach: TimingCoach;
  notation: Notation | null;
  /** The audio clock now (for what has sounded), or null before the card made its context. */
  now: () => number | null;
  /** Plays the 16 calibration clicks through the practice room. */
  onCalibrate: () => void;
  /** What the lesson's full takes suggest, for the summary; null before one. */
  playSuggestion?: PlaySuggestion | null;
}

/** Why the take that just ended is not scored, and what to do about it. */
export const unscoredTakeText = ({ strokesHeard }: UnscoredTake, input: CoachInput['kind']): string =>
  strokesHeard === 0
    ? input === 'midi'
      ? 'This take is not scored: the coach heard no stroke from your e-kit. Check that it is on and connected, then play again.'
      : 'This take is not scored: the coach heard no stroke from the microphone. Bring it closer to what you play or raise its sensitivity, then play again.'
    : `This take is not scored: ${strokesHeard === 1 ? 'the one stroke heard was' : `none of the ${strokesHeard} strokes heard was`} near a note of the pattern. Play along from the first bar after the count-in.`;

/**
 * The timing coach on the lesson card: choose the e-kit (Web MIDI) or the microphone, calibrate the
 * setup's latency once, then play the pattern: the lanes show expected against played notes with the
 * running accuracy, and each take ends with a summary whose rating the evaluation starts from.
 */
export const TimingCoachPanel = ({
  coach,
  notation,
  now,
  onCalibrate,
  playSuggestion = null,
}: TimingCoachPanelProps) => {
  const state = useSyncExternalStore(coach.subscribe, coach.getSnapshot);
  const inputId = useId();
  const deviceId = useId();
  const sensitivityId = useId();
  const { input, take, live, last } = state;
  // Open when the card comes back to a lesson with a take: its summary shows as it was left.
  const [open, setOpen] = useState(() => state.last !== null);
  const clock = now();
  const lanes =
    notation && take && clock !== null
      ? laneData(notation, take, live, input.kind === 'midi' && coach.voicesHeard(), clock)
      : null;

  return (
    <details className="timing-coach" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Timing coach: score my playing</summary>
      <div className="timing-coach__body">
        <label className="field__label" htmlFor={inputId}>
          Listen to
        </label>
        <select
          id={inputId}
          className="field__input"
          value={input.kind}
          onChange={(event) => {
            const kind = event.target.value;
            if (kind === 'midi') void coach.useMidi();
            else if (kind === 'microphone') void coach.useMicrophone();
            else coach.useNoInput();
          }}
        >
          <option value="none">Nothing (no scoring)</option>
          <option value="midi">My e-kit (MIDI)</option>
          <option value="microphone">The microphone (pad, drum or kit)</option>
        </select>
        {input.kind === 'midi' && state.devices.length > 1 ? (
          <>
            <label className="field__label" htmlFor={deviceId}>
              MIDI device
            </label>
            <select
              id={deviceId}
              className="field__input"
              value={input.device.id}
              onChange={(event) => void coach.useMidi(event.target.value)}
            >
              {state.devices.map((device) => (
                <option key={device.id} value={device.id}>
                  {device.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
        {input.kind === 'midi' ? <PadMapping coach={coach} lastNote={state.lastNote} /> : null}
        {input.kind === 'microphone' ? (
          <>
            <label className="field__label" htmlFor={sensitivityId}>
              Microphone sensitivity
            </label>
            <input
              id={sensitivityId}
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={state.sensitivity}
              aria-valuetext={`${Math.round(state.sensitivity * 100)} %`}
              onChange={(event) => coach.setSensitivity(Number(event.target.value))}
            />
            <div className="timing-coach__latency">
              {state.tuningSensitivity ? (
                <p role="status">
                  {`Play one accent, then ${SOFT_STROKE_TUNING_STROKES - 1} strokes as softly as your ghost notes…`}
                </p>
              ) : state.softStrokeTuning ? (
                <p
                  className={
                    'refused' in state.softStrokeTuning ? 'form-message form-message--error' : undefined
                  }
                  role={'refused' in state.softStrokeTuning ? 'alert' : 'status'}
                >
                  {softStrokeTuningText(state.softStrokeTuning)}
                </p>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => coach.listenForSoftStrokes()}
                disabled={state.calibrating}
              >
                {state.tuningSensitivity ? 'Stop listening' : 'Set from soft strokes'}
              </Button>
            </div>
          </>
        ) : null}
        {state.problem ? (
          <p className="form-message form-message--error" role="alert">
            {INPUT_PROBLEM_MESSAGES[state.problem]}
          </p>
        ) : null}
        {input.kind === 'none' ? null : (
          <div className="timing-coach__latency">
            <p role="status">
              {input.kind === 'midi'
                ? `Listening to ${input.device.name}. `
                : 'Listening to the microphone. '}
              {state.calibrating
                ? 'Play one stroke with each of the 16 clicks…'
                : state.latencyMs === null
                  ? 'Calibrate once so your setup’s delay is not counted against you.'
                  : `${latencyText(state.latencyMs)}; it is taken off every hit.`}
            </p>
            {state.calibrationRefused ? (
              <p className="form-message form-message--error" role="alert">
                {calibrationRefusalText(state.calibrationRefused)}
              </p>
            ) : null}
            <Button variant="secondary" size="sm" onClick={onCalibrate} disabled={state.calibrating}>
              Calibrate
            </Button>
          </div>
        )}
        {lanes ? (
          <>
            <LaneView {...lanes} />
            <p className="timing-coach__running" aria-live="polite">
              {live && live.expected > 0
                ? `Accuracy so far: ${accuracyLabel(live.accuracy)}${live.hit > 0 ? `, ${timingOffsetLabel(live.meanOffsetMs)} on average` : ''}`
                : 'Play along: the take is scored from the first bar.'}
            </p>
          </>
        ) : null}
        {take ? null : state.unscored ? (
          <p className="form-message" role="status">
            {unscoredTakeText(state.unscored, input.kind)}
          </p>
        ) : last ? (
          // With no input listening (a card opened on a take from before) nothing says the take was uncalibrated.
          <TakeSummary
            score={last}
            play={playSuggestion}
            calibrated={input.kind === 'none' || state.latencyMs !== null}
          />
        ) : null}
      </div>
    </details>
  );
};

/**
 * The e-kit's map, one pad at a time: strike a pad, see which drum it plays, and change it if the kit
 * sends another note than General MIDI expects. Remembered for this device in this browser.
 */
const PadMapping = ({ coach, lastNote }: { coach: TimingCoach; lastNote: CoachSnapshot['lastNote'] }) => {
  const voiceId = useId();
  if (!lastNote) return <p className="practice-muted">Strike a pad to see which drum it plays here.</p>;
  return (
    <div className="timing-coach__mapping">
      <label className="field__label" htmlFor={voiceId}>
        The pad you struck (note {lastNote.note}) plays
      </label>
      <select
        id={voiceId}
        className="field__input"
        value={lastNote.voice ?? ''}
        onChange={(event) => coach.remap(lastNote.note, event.target.value as (typeof VOICES)[number])}
      >
        {lastNote.voice === undefined ? <option value="">Nothing (not mapped)</option> : null}
        {VOICES.map((voice) => (
          <option key={voice} value={voice}>
            {VOICE_NAMES[voice]}
          </option>
        ))}
      </select>
    </div>
  );
};
