import { Component, type ReactNode } from 'react';
import { ApiErrorAlert, isChunkLoadError } from '@/components/api-error-alert';
import { Page } from '@/components/ui/page';

/** What a screen that failed shows: the error, said plainly, and a way to try again. */
export function RouteError({ error }: { error: unknown }) {
  return (
    <Page title={isChunkLoadError(error) ? 'This screen did not load' : 'Something went wrong'}>
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
