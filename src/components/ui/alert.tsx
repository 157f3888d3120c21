import { type ReactNode, useState } from 'react';
import { Button } from './button';

export type Tone = 'error' | 'info' | 'success' | 'warning';

/** Border, background and text colours of each tone (also used by StatusMessage). */
export const toneClasses: Record<Tone, string> = {
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-indigo-600 bg-indigo-50 text-indigo-950',
  success: 'border-green-700 bg-green-50 text-green-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-950',
};

export interface AlertProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  /** Offered as a "Try again" button. */
  onRetry?: () => void;
  retrying?: boolean;
  /** Try again is off for now (another action is on its way). */
  retryDisabled?: boolean;
  /** Buttons of the message's own (in place of Try again): outside the live region, as it is. */
  actions?: ReactNode;
  /**
   * A live region (the default). Off for a message whose words a region already in the page
   * announces: one that comes with its words is heard by some screen readers only when found.
   */
  announce?: boolean;
  /**
   * The failure the message is about (an error object, or a count of failures where there is no
   * error object, as Print's missing store details): a new one while it is on screen, after a
   * press of its Try again, failed again, and the message says so ("Tried again: it failed
   * again").
   */
  failure?: unknown;
  className?: string;
}

const NOT_PRESSED = Symbol('not pressed');

/**
 * How many times the message's own Try again failed again: a new failure came while it stayed on
 * screen, after a press. Said in the message's live region, because the words above may be the
 * very same, and the button only goes from "Trying again…" back to "Try again" (or not even that,
 * when the failure comes back at once): without it, failing again sounds like nothing. A failure
 * nobody asked for (a refresh the screen made by itself, Print's own read) is not a "tried
 * again"; a message that no longer offers Try again (a 404 after a dropped connection) starts
 * over. Returns the count and what the press calls.
 */
export function useFailedAgain(failure: unknown, offered: boolean) {
  const [last, setLast] = useState(failure);
  // the failure on screen when Try again was last pressed
  const [pressedOn, setPressedOn] = useState<unknown>(NOT_PRESSED);
  const [times, setTimes] = useState(0);
  if (!offered && times > 0) setTimes(0);
  if (failure !== last) {
    setLast(failure);
    if (offered && failure != null && pressedOn === last) setTimes((n) => n + 1);
  }
  return [offered ? times : 0, () => setPressedOn(failure)] as const;
}

/**
 * A message box. Errors are announced at once (role=alert); the rest politely (role=status).
 * The Try again button is in the box but outside the live region: its "Trying again…" would
 * otherwise change the region and have the whole (old) message read out again, urgently, at
 * the press and again when the retry ends. Its own words are heard as its name, where focus is.
 * The same for `actions`, the message's own buttons.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  onRetry,
  retrying,
  retryDisabled,
  actions,
  announce = true,
  failure,
  className = '',
}: AlertProps) {
  const [failedAgain, pressed] = useFailedAgain(failure, onRetry !== undefined);
  return (
    // wrap-anywhere: a message may quote an id with no break in it (a scanned cart id)
    <div className={`rounded-md border-l-4 p-4 wrap-anywhere ${toneClasses[tone]} ${className}`}>
      <div role={announce ? (tone === 'error' ? 'alert' : 'status') : undefined}>
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="mt-1">{children}</div> : null}
        {failedAgain > 0 ? (
          <p className="mt-1 font-semibold">
            {failedAgain === 1
              ? 'Tried again: it failed again.'
              : `Tried again: it failed again (${failedAgain} times).`}
          </p>
        ) : null}
      </div>
      {actions ? <div className="mt-3 flex flex-wrap gap-3">{actions}</div> : null}
      {onRetry ? (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            pressed();
            onRetry();
          }}
          disabled={retryDisabled}
          pending={retrying}
          pendingLabel="Trying again…"
        >
          Try again
        </Button>
      ) : null}
    </div>
  );
}
