import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
import { renderApp } from '@/testing/render-app';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';

setupTestServer();

// the sanitiser's chunk fails to load (offline, or a deploy replaced it), then loads; a failing
// attempt takes a moment, as a download does, and the one that loads waits for the test's word
// (however slow the machine, the retry is still running when the test looks at it)
const loads = vi.hoisted(() => ({ count: 0, failing: true, release: () => {} }));
vi.mock('@/lib/sanitize', async (importOriginal) => {
  loads.count += 1;
  if (loads.failing) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  await new Promise<void>((resolve) => (loads.release = resolve));
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
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    await user.click(tryAgain);
    // the failure and its button stay while the retry runs: focus is not dropped
    expect(await screen.findByRole('button', { name: 'Trying again…' })).toHaveFocus();
    await vi.waitFor(() => expect(loads.count).toBe(asked + 1));
    act(() => loads.release());
    expect(await screen.findByRole('heading', { level: 2, name: '30-day returns' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();

    // a sign-in meanwhile (here or in another tab) keeps the document on screen
    act(() =>
      sessionStore.signIn(
        DEMO_IDENTITIES.find((d) => d.id === 'asha')!,
        false,
      ),
    );
    expect(screen.getByRole('heading', { level: 2, name: '30-day returns' })).toBeVisible();
  });
});
