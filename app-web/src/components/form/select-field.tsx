import { useId } from 'react';
import { FieldErrors } from './field-errors';
import './form.css';

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The empty first option. */
  placeholder: string;
  errors?: readonly string[];
  autoComplete?: string;
}

export const SelectField = ({
  label,
  name,
  value,
  onChange,
  options,
  placeholder,
  errors = [],
  autoComplete,
}: SelectFieldProps) => {
  const id = useId();
  const errorId = `${id}-errors`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input field__select"
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={errors.length > 0 ? errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
};
