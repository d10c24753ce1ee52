import type { ReactNode } from 'react';

interface ToggleProps {
  id: string;
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A checkbox with its label and a hint under it: a sound setting that is on or off. */
export function SettingToggle({ id, label, hint, checked, disabled, onChange }: ToggleProps) {
  return (
    <div className="grid grid-cols-[auto_1fr] items-start gap-x-2 gap-y-0.5">
      <input
        id={id}
        type="checkbox"
        className="peer mt-0.5 size-4 cursor-pointer accent-fuchsia-500 disabled:cursor-not-allowed"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <label htmlFor={id} className="text-sm font-medium peer-disabled:opacity-60">
        {label}
      </label>
      <p id={`${id}-hint`} className="col-start-2 text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
