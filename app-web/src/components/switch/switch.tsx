import { useId } from 'react';
import './switch.css';

interface SwitchProps {
  label: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** Id of text that explains the switch. */
  describedBy?: string;
}

/** A two-state toggle announced as a switch; label and control click alike. */
export const Switch = ({ label, checked, onChange, disabled = false, describedBy }: SwitchProps) => {
  const labelId = useId();
  return (
    <span className="switch">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        disabled={disabled}
        className="switch__track"
        onClick={() => onChange?.(!checked)}
      >
        <span className="switch__thumb" />
      </button>
      <span id={labelId} className="switch__label" onClick={() => !disabled && onChange?.(!checked)}>
        {label}
      </span>
    </span>
  );
};
