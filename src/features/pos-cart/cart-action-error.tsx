import { useState } from 'react';
import { isApiError } from '@/api/errors';
import { ApiErrorAlert, isSuperseded } from '@/components/api-error-alert';
import { Alert } from '@/components/ui/alert';
import { useFocusOnArrival } from '@/components/ui/focus-on-arrival';

export const CUSTOMER_POS_MESSAGE =
  'Customer accounts cannot use the POS terminal. Sign in with a staff (cashier) account to open and change carts.';

interface AlertProps {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  /**
   * The failure is of the read made before the action (a link reads the cart first): the action
   * itself was not sent, so nothing can have gone through.
   */
  unsent?: boolean;
  /** Words for the service's 404 (ApiErrorAlert's `notFound`), in place of its message. */
  notFound?: string;
}

/**
 * The failure a cart form shows: the last one, kept on screen while its own Try again runs. A
 * mutation goes back to "pending" with no error at a new press, which would take the message away
 * with the Try again that has focus (dropped to the page), and bring it back whole on a second
 * failure, with no word that it was tried again (Alert's `failure`). Kept only for a press of its
 * Try again (`retrying()`, called by it): a new press of the form's own button starts clean.
 * The message goes when the retry ends well, or as another failure takes its place.
 */
export function useRetriedFailure(error: unknown, pending: boolean) {
  const [kept, setKept] = useState<unknown>(null);
  if (kept !== null && !pending && error !== kept) setKept(null);
  return {
    failure: error ?? (pending ? kept : null),
    retrying: () => setKept(error),
  };
}

/**
 * Focus is in a failure message of `owner`'s form (on its Try again, say): the success of that
 * form's action takes such a message away, and focus with it, unless the form moves it first.
 */
export const focusInFailure = (owner: string) =>
  !!document.activeElement?.closest(`[data-failure-of="${owner}"]`);

/**
 * How a failed cart action is shown when the form has no more specific fix to offer: a closed
 * cart says so, a dropped connection or server failure keeps everything typed and offers a
 * retry, 401 and 403 go the standard way. `disabled` turns its buttons off (not hidden) while
 * another action of the cart is pending, or once the cart closed.
 */
export function CartActionError({
  disabled,
  className,
  owner,
  ...alert
}: AlertProps & {
  disabled: boolean;
  className?: string;
  /** The form it is of, for `focusInFailure`. */
  owner?: string;
}) {
  // keyboard and screen-reader users land on the news and its Try again
  const { error } = alert;
  const ref = useFocusOnArrival<HTMLDivElement>(error);
  // called off by a session switch: nothing to show, nor to take focus
  if (isSuperseded(error)) return null;
  return (
    // a fieldset only to turn the buttons off together: not a group to assistive technology.
    // min-w-0: a fieldset would not shrink below its content's width, so long text would overflow.
    // Its own Try again, running, is the cart's pending action: it stays focusable (Button's
    // pending state ignores presses), or focus would drop from it to the page
    <fieldset
      role="none"
      disabled={disabled && !alert.retrying}
      data-failure-of={owner}
      className={className ? `${className} min-w-0` : 'min-w-0'}
    >
      <div ref={ref} tabIndex={-1} className="focus:outline-none">
        <ActionErrorAlert {...alert} />
      </div>
    </fieldset>
  );
}

function ActionErrorAlert({ error, onRetry, retrying, unsent, notFound }: AlertProps) {
  if (isApiError(error)) {
    if (error.code === 'cart_inactive' || error.code === 'cart_expired') {
      return (
        <Alert tone="error" title="This cart can no longer be changed">
          {error.message}
        </Alert>
      );
    }
    // no answer, a failure, or an answer that is not the service's (a cut-off body): whether the
    // change was made is not known
    if (error.isRetryable) {
      return (
        <Alert
          tone="error"
          title={
            error.code === 'invalid_response'
              ? "Could not read the service's answer"
              : error.status === 0
                ? 'The service could not be reached'
                : 'The service failed'
          }
          onRetry={onRetry}
          retrying={retrying}
          failure={error}
        >
          <p>{error.message}</p>
          {/* the change may have been made before the answer was lost: the cart is read again
              (useCartMutation), and a second press changes nothing more (CONTRACT B4) */}
          <p className="mt-1">
            {unsent
              ? 'Nothing was changed: the cart is read first, and that read failed.'
              : 'It may have gone through: check the cart before trying again.'}{' '}
            Nothing you entered is lost.
          </p>
        </Alert>
      );
    }
  }
  return (
    <ApiErrorAlert
      error={error}
      onRetry={onRetry}
      retrying={retrying}
      forbidden={CUSTOMER_POS_MESSAGE}
      notFound={notFound}
    />
  );
}
