import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** The attributes that tie an input to its label, hint and error. */
interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shown on the label's row, outside the <label> so it does not change the field's name. */
  labelAside?: ReactNode;
  hint?: string;
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function FormField({ id, label, labelAside, hint, error, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
