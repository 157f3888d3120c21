import { type FocusEventHandler, useState } from 'react';

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
  if (!error) return null;
  return <FieldErrorText key={error} id={id} error={error} live={live} />;
}

function FieldErrorText({ id, error, live }: { id: string; error: string; live: boolean }) {
  const [alert] = useState(live);
  return (
    <p id={id} role={alert ? 'alert' : undefined} className="text-sm font-medium text-red-800">
      {error}
    </p>
  );
}
