import { useId, type ReactNode } from 'react';
import './form.css';

interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}

/** A checkbox whose label may hold links (the legal boxes). */
export const CheckboxField = ({ name, checked, onChange, children }: CheckboxFieldProps) => {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input
        id={id}
        name={name}
        type="checkbox"
        className="checkbox-field__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="checkbox-field__label">
        {children}
      </label>
    </div>
  );
};
