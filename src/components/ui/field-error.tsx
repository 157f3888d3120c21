import { type FocusEventHandler, createContext, useContext, useState } from 'react';

/**
 * Whether focus is in an element: its `onFocus` / `onBlur` (React's bubble from its controls) go
 * on the element that wraps a control with its label and error.
 */
export function useFocusWithin(): [
  boolean,
  { onFocus: FocusEventHandler; onBlur: FocusEventHandler },
] {
  const [within, setWithin] = useState(false);
  return [within, { onFocus: () => setWithin(true), onBlur: () => setWithin(false) }];
}

/**
 * A control's error, tied to it by `id` (the control's `aria-describedby`). It is an alert when
 * it appears while its control has focus (`live`): heard at once (a form sent with Enter moves
 * no focus; a check as the user types). The others are read with their control when focus
 * reaches it (a failed submit focuses the first), so a form with many errors does not say them
 * all at once. Whether a message is an alert is settled when it appears (keyed by its words):
 * focus arriving later at a field that shows one does not make it a new alert, heard again on
 * top of the field's description.
 */
export function FieldError({ id, error, live }: { id: string; error?: string; live: boolean }) {
  const submits = useContext(SubmitCount);
  if (!error) return null;
  return <FieldErrorText key={`${submits}:${error}`} id={id} error={error} live={live} />;
}

/**
 * How many times the form around was sent (react-hook-form's `submitCount`), where the form
 * gives it: an error that a new submit finds again, in the same words, is a new message. Enter
 * pressed again in a field that shows "Enter at least 1 point" (after typing -3 over 0, say) is
 * heard, not silent. Given by `Form` (form.tsx), which every form of the app's is.
 */
export const SubmitCount = createContext(0);

function FieldErrorText({ id, error, live }: { id: string; error: string; live: boolean }) {
  const [alert] = useState(live);
  return (
    <p id={id} role={alert ? 'alert' : undefined} className="text-sm font-medium text-red-800">
      {error}
    </p>
  );
}
