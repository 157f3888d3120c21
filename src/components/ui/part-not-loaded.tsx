import type { ReactNode } from 'react';
import { Alert } from './alert';
import { useFocusOnArrival } from './focus-on-arrival';
import { ReloadButton } from './reload-button';

/**
 * A part that could not be shown, said in its place. A browser keeps a module it failed to fetch
 * failed for the rest of the page's life (Chromium: asking again fails at once), so the way on is
 * a reload once the connection is back; `children` says what it keeps.
 */
export function PartNotLoaded({ children }: { children: ReactNode }) {
  // news of the press that asked for the part (Continue, whose form went with it)
  const ref = useFocusOnArrival<HTMLDivElement>(true, { scope: 'main' });
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none">
      <Alert tone="error" title="Part of the app did not load" actions={<ReloadButton />}>
        {children}
      </Alert>
    </div>
  );
}
