import type { ReactNode } from 'react';

/** A checkbox inside its label, as the practice room's on/off settings are. */
export const Check = ({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) => (
  <label className="practice-room__check">
    <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
    {children}
  </label>
);
