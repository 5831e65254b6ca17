import {
  GAP_BARS,
  isCompoundMeter,
  tempoWithNote,
  METRONOME_BPM,
  TRAINER_EVERY_BARS,
  TRAINER_STEP_BPM,
  type MetronomeSubdivision,
  type Notation,
} from '@stickwork/domain';
import { useId, useState } from 'react';
import { Check } from './check';
import type { PracticeSettings } from './practice-settings';
import type { KitSound } from './sound-mix';

const SUBDIVISIONS: { value: MetronomeSubdivision; label: string }[] = [
  { value: 1, label: 'Quarters' },
  { value: 2, label: 'Eighths' },
  { value: 3, label: 'Triplets' },
  { value: 4, label: 'Sixteenths' },
];
/** In 6/8 and 12/8 the beat is an eighth: the click plays the dotted-quarter pulse, or every eighth too. */
const COMPOUND_SUBDIVISIONS: { value: MetronomeSubdivision; label: string }[] = [
  { value: 1, label: 'Dotted quarters' },
  { value: 2, label: 'Every eighth' },
];

const KIT_SOUND_LABELS: { value: KitSound; label: string }[] = [
  { value: 'acoustic', label: 'Acoustic kit' },
  { value: 'electronic', label: 'Electronic kit' },
  { value: 'click-only', label: 'Click only' },
];

interface ChoicesProps<Value> {
  name: string;
  choices: { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}

/** One choice of a few, as radio buttons side by side. */
const Choices = <Value extends string | number>({ name, choices, value, onChange }: ChoicesProps<Value>) => (
  <div className="practice-room__choices">
    {choices.map((choice) => (
      <label key={choice.value} className="practice-room__check">
        <input
          type="radio"
          name={name}
          checked={value === choice.value}
          onChange={() => onChange(choice.value)}
        />
        {choice.label}
      </label>
    ))}
  </div>
);

interface LevelProps {
  label: string;
  /** 0-1. */
  value: number;
  onChange: (value: number) => void;
}

/** A 0-100 % slider for a level of the mixer. */
const Level = ({ label, value, onChange }: LevelProps) => (
  <label className="practice-room__volume">
    {label}
    <input
      type="range"
      min={0}
      max={100}
      value={Math.round(value * 100)}
      aria-valuetext={`${Math.round(value * 100)} %`}
      onChange={(event) => onChange(Number(event.target.value) / 100)}
    />
  </label>
);

interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

/**
 * A small number field: the drummer types freely, every readable number is reported (the caller keeps
 * it in range), and on leaving the field it shows the value in force.
 */
const NumberField = ({ label, value, min, max, onChange }: NumberFieldProps) => {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const shown = Math.min(max, Math.max(min, value));
  return (
    <span className="practice-room__number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="field__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text ?? shown}
        onChange={(event) => {
          setText(event.target.value);
          const next = Number(event.target.value);
          if (event.target.value !== '' && Number.isFinite(next)) onChange(next);
        }}
        onBlur={() => {
          setText(null);
          onChange(shown);
        }}
      />
    </span>
  );
};

interface PracticeOptionsProps {
  notation: Notation | null;
  /** The tempo now, named by its note in x/8 as on the card. */
  bpm: number;
  settings: PracticeSettings;
  onSettings: (settings: PracticeSettings) => void;
  trainerRange: { startBpm: number; targetBpm: number };
  onTrainerRange: (range: { startBpm: number; targetBpm: number }) => void;
}

/** The metronome's settings, folded away so the card stays readable on a phone. */
export const PracticeOptions = ({
  notation,
  bpm,
  settings,
  onSettings,
  trainerRange,
  onTrainerRange,
}: PracticeOptionsProps) => {
  const set = (patch: Partial<PracticeSettings>) => onSettings({ ...settings, ...patch });
  const setSound = (patch: Partial<PracticeSettings['sound']>) =>
    set({ sound: { ...settings.sound, ...patch } });
  const meter = notation ? `${notation.timeSignature.beats}/${notation.timeSignature.beatUnit}` : '4/4';
  const compound = notation !== null && isCompoundMeter(notation.timeSignature);
  const subdivisions = compound ? COMPOUND_SUBDIVISIONS : SUBDIVISIONS;
  // Any subdivision above 1 clicks every eighth in compound time.
  const chosen: MetronomeSubdivision = compound && settings.subdivision > 1 ? 2 : settings.subdivision;
  return (
    <details className="practice-room__options">
      <summary>Metronome settings</summary>
      <div className="practice-room__options-body">
        <p className="practice-room__caption">
          Time signature: <strong>{meter}</strong> {notation ? '(from the exercise)' : ''}
        </p>
        {notation?.timeSignature.beatUnit === 8 ? (
          // In x/8 the beats the tempo counts are eighths: say so, with the dotted-quarter pulse of 6/8 and 12/8.
          <p className="practice-room__caption">
            Tempo: <strong>{tempoWithNote(notation.timeSignature, bpm)}</strong>
          </p>
        ) : null}
        <fieldset className="practice-room__fieldset">
          <legend>Subdivision</legend>
          <Choices
            name="practice-room-subdivision"
            choices={subdivisions}
            value={chosen}
            onChange={(subdivision) => set({ subdivision })}
          />
        </fieldset>
        <div className="practice-room__choices">
          <Check checked={settings.accentFirstBeat} onChange={(accentFirstBeat) => set({ accentFirstBeat })}>
            Accent on beat one
          </Check>
        </div>
        <Level label="Volume" value={settings.volume} onChange={(volume) => set({ volume })} />
        <fieldset className="practice-room__fieldset">
          <legend>Sound</legend>
          <Choices
            name="practice-room-kit-sound"
            choices={KIT_SOUND_LABELS}
            value={settings.sound.kitSound}
            onChange={(kitSound) => setSound({ kitSound })}
          />
          <Level label="Kit level" value={settings.sound.kit} onChange={(kit) => setSound({ kit })} />
          <Level label="Click level" value={settings.sound.click} onChange={(click) => setSound({ click })} />
          <Level
            label="My playing (takes heard back)"
            value={settings.sound.own}
            onChange={(own) => setSound({ own })}
          />
          <Check checked={settings.sound.hiHat} onChange={(hiHat) => setSound({ hiHat })}>
            Hi-hat in the pattern (off if you play it with your foot)
          </Check>
        </fieldset>
        <fieldset className="practice-room__fieldset">
          <legend>Speed trainer</legend>
          <Check
            checked={settings.trainer.enabled}
            onChange={(enabled) => set({ trainer: { ...settings.trainer, enabled } })}
          >
            Raise the tempo as I play
          </Check>
          <div className="practice-room__numbers">
            <NumberField
              label="Start (BPM)"
              value={trainerRange.startBpm}
              min={METRONOME_BPM.min}
              max={METRONOME_BPM.max}
              onChange={(startBpm) => onTrainerRange({ ...trainerRange, startBpm })}
            />
            <NumberField
              label="Target (BPM)"
              value={trainerRange.targetBpm}
              min={METRONOME_BPM.min}
              max={METRONOME_BPM.max}
              onChange={(targetBpm) => onTrainerRange({ ...trainerRange, targetBpm })}
            />
            <NumberField
              label="Step (+BPM)"
              value={settings.trainer.stepBpm}
              min={TRAINER_STEP_BPM.min}
              max={TRAINER_STEP_BPM.max}
              onChange={(stepBpm) => set({ trainer: { ...settings.trainer, stepBpm } })}
            />
            <NumberField
              label="Every (bars)"
              value={settings.trainer.everyBars}
              min={TRAINER_EVERY_BARS.min}
              max={TRAINER_EVERY_BARS.max}
              onChange={(everyBars) => set({ trainer: { ...settings.trainer, everyBars } })}
            />
          </div>
        </fieldset>
        <fieldset className="practice-room__fieldset">
          <legend>Gap click</legend>
          <Check
            checked={settings.gap.enabled}
            onChange={(enabled) => set({ gap: { ...settings.gap, enabled } })}
          >
            Leave bars silent to test my time
          </Check>
          <div className="practice-room__numbers">
            <NumberField
              label="Bars with click"
              value={settings.gap.withClick}
              min={GAP_BARS.min}
              max={GAP_BARS.max}
              onChange={(withClick) => set({ gap: { ...settings.gap, withClick } })}
            />
            <NumberField
              label="Silent bars"
              value={settings.gap.silent}
              min={GAP_BARS.min}
              max={GAP_BARS.max}
              onChange={(silent) => set({ gap: { ...settings.gap, silent } })}
            />
          </div>
        </fieldset>
      </div>
    </details>
  );
};
