import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type Tone, toneClasses } from './alert';

interface Numbered<T> {
  value: T;
  /** Different for every message, also for the same words said again. */
  id: number;
}

/**
 * The latest message of a screen's StatusMessage. Each `show` is a new message, even with the
 * same value as the last one (saving twice must say so twice).
 */
export function useStatus<T>() {
  const [status, setStatus] = useState<Numbered<T> | null>(null);
  const show = useCallback(
    (value: T) => setStatus((prev) => ({ value, id: (prev?.id ?? 0) + 1 })),
    [],
  );
  /** No message: the last one no longer holds (a later attempt failed). */
  const clear = useCallback(() => setStatus(null), []);
  /**
   * The message goes on (what was being checked is known now): new words in the same place,
   * announced by the live region, without taking focus again from wherever the user went.
   */
  const update = useCallback((value: T) => setStatus((prev) => ({ value, id: prev?.id ?? 1 })), []);
  return [status, show, clear, update] as const;
}

interface StatusMessageProps {
  /**
   * The message, or null for none. `text` (with `title` above it) is announced and focused;
   * `actions` (a link onwards) follow it. A new `id` makes a new message: announced and
   * focused again even when the words are the same.
   */
  message: { id: number; title?: ReactNode; text: ReactNode; actions?: ReactNode } | null;
  tone?: Tone;
  /** What the region says while there is no message. */
  idle?: ReactNode;
}

/**
 * The outcome of something the user just did (saved, signed out, chosen). The live region is
 * always in the page, so screen readers announce each message as it arrives; each new message
 * also takes focus, because the control that caused it is often disabled or gone by then.
 */
export function StatusMessage({ message, tone = 'success', idle }: StatusMessageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const focused = useRef<number | null>(null);
  const id = message?.id;
  // after the commit that draws it (a passive effect), not in it as useFocusOnArrival does: a
  // message is often the answer to a dialog's button (Reset demo data), and the dialog's focus
  // trap lets go only in its own passive cleanup; focus taken before is pulled back into the
  // closing dialog, which then hands it to the button that opened it
  useEffect(() => {
    // only a new message moves focus, not the same one shown again (after an edit is undone)
    if (id === undefined || id === focused.current) return;
    focused.current = id;
    ref.current?.focus();
  }, [id]);

  return (
    // empty, it takes no room in the page's column (a flex gap would open around it)
    <div role="status" className={message || idle ? undefined : 'sr-only'}>
      {message ? (
        // keyed by the message: a repeat replaces the node, which screen readers announce
        <div key={message.id} className={`rounded-md border-l-4 p-4 ${toneClasses[tone]}`}>
          <div
            ref={ref}
            tabIndex={-1}
            // with no title, the one line is the headline
            className={`focus:outline-3 focus:outline-offset-2 focus:outline-indigo-600 ${message.title ? '' : 'font-semibold'}`}
          >
            {message.title ? <p className="font-semibold">{message.title}</p> : null}
            {message.text}
          </div>
          {message.actions}
        </div>
      ) : (
        idle
      )}
    </div>
  );
}
