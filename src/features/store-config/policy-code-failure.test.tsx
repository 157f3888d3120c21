import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';

setupTestServer();

// the sanitiser's chunk fails to load (offline, or a deploy replaced it), then loads
const loads = vi.hoisted(() => ({ count: 0, failing: true }));
vi.mock('@/lib/sanitize', async (importOriginal) => {
  loads.count += 1;
  if (loads.failing) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('a policy whose sanitiser did not load', { timeout: 20_000 }, () => {
  it('says so with Try again, asks again only then, and shows the policy once it loads', async () => {
    const { user } = renderApp('/store/refund-policy');
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('This document could not be shown');
    const asked = loads.count;
    // no render loop asking again and again
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(loads.count).toBe(asked);

    loads.failing = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: '30-day returns' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
