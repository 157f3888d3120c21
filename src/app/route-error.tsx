import { Component, type ReactNode } from 'react';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { Alert } from '@/components/ui/alert';
import { Page } from '@/components/ui/page';

/** A screen's code that could not be fetched (offline, or a file a new release replaced). */
const isChunkLoadError = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|module script failed/i.test(error.message);

/** What a screen that failed shows: the error, said plainly, and a way to try again. */
export function RouteError({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) {
    return (
      <Page title="This screen did not load">
        <Alert
          tone="error"
          title="Part of the app did not load"
          onRetry={() => window.location.reload()}
        >
          Check the connection, then try again.
        </Alert>
      </Page>
    );
  }
  return (
    <Page title="Something went wrong">
      <ApiErrorAlert error={error} onRetry={() => window.location.reload()} />
    </Page>
  );
}

/**
 * Error boundary for one screen (keyed by its path, so going elsewhere clears it): the header
 * and navigation stay usable when one screen fails or its chunk cannot be loaded.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
