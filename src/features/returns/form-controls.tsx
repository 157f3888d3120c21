import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  forwardRef,
  useId,
} from 'react';
import { FieldError, useFocusWithin } from '@/components/ui/field-error';

/*
 * The wizard's select, textarea and radio choices, wired like the shared Field: label, hint and
 * error tied to the control with aria-invalid / aria-describedby, at least 44 px tall.
 */

const controlClass = (error?: string) =>
  `min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 ${error ? 'border-red-700' : 'border-slate-500'}`;

function describedBy(id: string, hint?: ReactNode, error?: string) {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

function Described({
  id,
  hint,
  error,
  live,
}: {
  id: string;
  hint?: ReactNode;
  error?: string;
  live: boolean;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} live={live} />
    </>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, className = '', children, ...rest },
  ref,
) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const [focused, focusEvents] = useFocusWithin();
  return (
    <div className={`flex flex-col gap-1 ${className}`} {...focusEvents}>
      <label htmlFor={selectId} className="font-medium text-slate-900">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, hint, error)}
        className={controlClass(error)}
        {...rest}
      >
        {children}
      </select>
      <Described id={selectId} hint={hint} error={error} live={focused} />
    </div>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, error, hint, id, className = '', ...rest }, ref) {
    const autoId = useId();
    const areaId = id ?? autoId;
    const [focused, focusEvents] = useFocusWithin();
    return (
      <div className={`flex flex-col gap-1 ${className}`} {...focusEvents}>
        <label htmlFor={areaId} className="font-medium text-slate-900">
          {label}
        </label>
        <textarea
          ref={ref}
          id={areaId}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(areaId, hint, error)}
          className={controlClass(error)}
          {...rest}
        />
        <Described id={areaId} hint={hint} error={error} live={focused} />
      </div>
    );
  },
);

/** One choice of a radio group; the group's error id is passed in so each radio announces it. */
export const RadioOption = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; errorId?: string; detail?: ReactNode }
>(function RadioOption({ label, errorId, detail, className = '', ...rest }, ref) {
  const id = useId();
  const detailId = detail ? `${id}-detail` : undefined;
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        ref={ref}
        id={id}
        type="radio"
        aria-describedby={[detailId, errorId].filter(Boolean).join(' ') || undefined}
        className="mt-3 size-5 shrink-0 accent-indigo-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        {...rest}
      />
      <div className="flex flex-1 flex-col">
        <label
          htmlFor={id}
          className="flex min-h-11 cursor-pointer items-center py-1 font-medium text-slate-900"
        >
          {label}
        </label>
        {detail ? (
          <span id={detailId} className="text-sm text-slate-700">
            {detail}
          </span>
        ) : null}
      </div>
    </div>
  );
});

export function ChoiceGroup({
  legend,
  error,
  errorId,
  children,
  className = '',
}: {
  legend: ReactNode;
  error?: string;
  errorId: string;
  children: ReactNode;
  className?: string;
}) {
  const [focused, focusEvents] = useFocusWithin();
  return (
    <fieldset className={`flex flex-col gap-1 ${className}`} {...focusEvents}>
      <legend className="font-medium text-slate-900">{legend}</legend>
      {children}
      <FieldError id={errorId} error={error} live={focused} />
    </fieldset>
  );
}
