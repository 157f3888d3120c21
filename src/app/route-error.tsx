import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { Page } from '@/components/ui/page';
import { NotFound } from './not-found';

/** Per-route error boundary: the header and navigation stay usable when one screen fails. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Page title="Something went wrong">
      <ApiErrorAlert error={error} onRetry={() => window.location.reload()} />
    </Page>
  );
}
