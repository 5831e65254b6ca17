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

/**
 * Tempo 30-250 in the card's transport: number field (↑/↓ change it by 1, with Shift by 5, only here),
 * -/+ buttons and tap tempo.
 */
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
      {/* Short on screen ("BPM"), whole for a screen reader (the field's own name). */}
      <label className="practice-room__tempo-label" htmlFor={inputId}>
        BPM
      </label>
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
        aria-label="Metronome (BPM)"
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
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            const by = (event.shiftKey ? 5 : 1) * (event.key === 'ArrowUp' ? 1 : -1);
            onChange(bpm + by);
          }
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
        Tap
      </Button>
    </div>
  );
};

/** The tempo as a slider, under the transport (a wide gesture, too tall for the sticky bar). */
export const TempoSlider = ({
  bpm,
  disabled,
  onChange,
}: {
  bpm: number;
  disabled: boolean;
  onChange: (bpm: number) => void;
}) => (
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
);
