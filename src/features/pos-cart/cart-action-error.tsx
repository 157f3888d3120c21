import { isApiError } from '@/api/errors';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { Alert } from '@/components/ui/alert';

export const CUSTOMER_POS_MESSAGE =
  'Customer accounts cannot use the POS terminal. Sign in with a staff (cashier) account to open and change carts.';

/**
 * How a failed cart action is shown when the form has no more specific fix to offer: a closed
 * cart says so, a dropped connection or server failure keeps everything typed and offers a
 * retry, 401 and 403 go the standard way.
 */
export function CartActionError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  if (isApiError(error)) {
    if (error.code === 'cart_inactive' || error.code === 'cart_expired') {
      return (
        <Alert tone="error" title="This cart can no longer be changed">
          {error.message}
        </Alert>
      );
    }
    if (error.isTransient) {
      return (
        <Alert
          tone="error"
          title={error.status === 0 ? 'The service could not be reached' : 'The service failed'}
          onRetry={onRetry}
          retrying={retrying}
        >
          <p>{error.message}</p>
          <p className="mt-1">Nothing you entered is lost.</p>
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
    />
  );
}
