import { type InputHTMLAttributes, type ReactNode, forwardRef, useId } from 'react';
import { FieldError, useFocusWithin } from './field-error';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** Shown under the field and described by it; announced when it appears while the field has focus. */
  error?: string;
  hint?: ReactNode;
}

/** A labelled input wired to its hint and error (`aria-invalid`, `aria-describedby`). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, id, className = '', ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const [focused, focusEvents] = useFocusWithin();
  return (
    <div className={`flex flex-col gap-1 ${className}`} {...focusEvents}>
      <label htmlFor={inputId} className="font-medium text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-11 rounded-md border bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 ${error ? 'border-red-700' : 'border-slate-500'}`}
        {...rest}
      />
      <FieldError id={`${inputId}-error`} error={error} live={focused} />
    </div>
  );
});
