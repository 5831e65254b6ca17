import { useId, type InputHTMLAttributes } from 'react';
import { FieldErrors } from './field-errors';
import './form.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Every message for this field, shown under it. */
  errors?: readonly string[];
};

/** A labelled input with its messages underneath, linked for screen readers. */
export const TextField = ({
  label,
  value,
  onChange,
  errors = [],
  id,
  'aria-describedby': describedBy,
  ...input
}: TextFieldProps) => {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-errors`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={
          [errors.length > 0 ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined
        }
      />
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
};
