import { Button } from './button';

/**
 * The way on from code that did not load: Chromium keeps a module it failed to fetch failed for
 * the page's life (an in-page Try again fails at once, without asking), so a new page.
 */
export function ReloadButton() {
  return (
    <Button variant="secondary" onClick={() => window.location.reload()}>
      Reload the page
    </Button>
  );
}
