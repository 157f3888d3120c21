import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';

setupTestServer();

// the sanitiser's chunk fails to load (offline, or a deploy replaced it). A factory that throws
// is reported by vitest in its own words; a module whose export throws fails the load as a
// browser's does
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/lib/sanitize', () => ({
  get sanitizeHtml() {
    loads.count += 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  },
}));

describe('a policy whose sanitiser did not load', { timeout: 20_000 }, () => {
  it('says so with Reload the page, not a Try again that cannot work, and does not ask again by itself', async () => {
    renderApp('/store/refund-policy');
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Part of the app did not load');
    expect(failure).toHaveTextContent('Check the connection, then reload the page.');
    expect(failure).not.toHaveTextContent(/dynamically/);
    // Chromium keeps a module it failed to fetch failed for the page's life: a Try again in the
    // page would fail at once, without asking
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // the screen stays: its heading is the policy's title
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Returns and Refunds');
    // no render loop asking again and again
    const asked = loads.count;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(loads.count).toBe(asked);
  });
});
