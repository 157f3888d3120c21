import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * Focus for a form's errors, given once they are on screen: the first field with an error on the
 * screen (react-hook-form's own focus goes by the order fields were registered, and a step's
 * fields appear as the customer goes). Focused before its error appeared (as react-hook-form
 * does on a failed submit, and `setError(…, { shouldFocus: true })` does), the field had focus
 * when it came, which made the error an alert (FieldError) on top of the field's description:
 * read out twice. Given after, the error is read once, with the field.
 *
 * Returns what to call instead: from `onInvalid`, or right after `setError` (the service's
 * refusal of a field).
 */
export function useFocusFirstError<V extends FieldValues>(formState: {
  submitCount: number;
  errors: FieldErrors<V>;
}) {
  const [asked, setAsked] = useState(0);
  const done = useRef(0);
  // read while rendering: react-hook-form renders again when they change
  const { submitCount, errors } = formState;
  // in the commit that draws the errors (a layout effect): no moment, not even one frame, shows
  // the errors with focus still where the press left it, and a check (or a test) that finds the
  // error on screen finds focus on its field. The error mounted before focus came, so it is not
  // an alert (FieldError decides that at mount)
  useLayoutEffect(() => {
    if (asked === done.current) return;
    const first = firstOnScreen(invalidFields(errors));
    // not drawn yet (a render before the errors'): the next one, with them, comes here again
    if (!first) return;
    done.current = asked;
    first.focus();
  }, [asked, submitCount, errors]);
  return useCallback(() => setAsked((n) => n + 1), []);
}

/** The elements of the fields that have an error (react-hook-form keeps each one's `ref`). */
function invalidFields(errors: unknown, out: HTMLElement[] = []): HTMLElement[] {
  if (!errors || typeof errors !== 'object') return out;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') {
      if (value instanceof HTMLElement && value.isConnected) out.push(value);
    } else invalidFields(value, out);
  }
  return out;
}

const firstOnScreen = (elements: HTMLElement[]) =>
  elements.reduce<HTMLElement | undefined>(
    (first, el) =>
      !first || first.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING ? el : first,
    undefined,
  );
