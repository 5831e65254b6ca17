import { METRONOME_BPM } from '@stickwork/domain';
import { useId } from 'react';
import { Button } from '../../../components/button/button';

interface TempoControlsProps {
  /** The tempo field's text while the drummer types; the tempo itself is `bpm`. */
  text: string;
  bpm: number;
  disabled: boolean;
  onText: (text: string) => void;
  onCommit: () => void;
  onChange: (bpm: number) => void;
  onTap: () => void;
}

/** Tempo 30-250: number field, -/+ buttons, slider and tap tempo. */
export const TempoControls = ({
  text,
  bpm,
  disabled,
  onText,
  onCommit,
  onChange,
  onTap,
}: TempoControlsProps) => {
  const inputId = useId();
  return (
    <div className="practice-room__tempo">
      <label className="field__label" htmlFor={inputId}>
        Metronome (BPM)
      </label>
      <div className="practice-room__row">
        <Button
          variant="secondary"
          size="sm"
          aria-label="Slower by 1 bpm"
          disabled={disabled}
          onClick={() => onChange(bpm - 1)}
        >
          −
        </Button>
        <input
          id={inputId}
          className="field__input practice-room__bpm"
          type="number"
          inputMode="numeric"
          min={METRONOME_BPM.min}
          max={METRONOME_BPM.max}
          value={text}
          disabled={disabled}
          onChange={(event) => onText(event.target.value)}
          onBlur={onCommit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onCommit();
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          aria-label="Faster by 1 bpm"
          disabled={disabled}
          onClick={() => onChange(bpm + 1)}
        >
          +
        </Button>
        <Button variant="secondary" size="sm" disabled={disabled} onClick={onTap}>
          Tap tempo
        </Button>
      </div>
      <input
        className="practice-room__slider"
        type="range"
        aria-label="Tempo slider"
        min={METRONOME_BPM.min}
        max={METRONOME_BPM.max}
        value={bpm}
        disabled={disabled}
        aria-valuetext={`${bpm} bpm`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
};
