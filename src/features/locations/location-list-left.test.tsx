import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Harness, locations, show } from './location-list-harness';

// the virtualiser's chunk fails to load (a moment offline), but only when the test lets the
// failure come: after the list that asked for it is gone
const network = vi.hoisted(() => {
  let fail = () => {};
  const failing = new Promise<void>((resolve) => (fail = resolve));
  return { offline: true, fail, failing };
});
vi.mock('./virtual-location-list', async (importOriginal) => {
  if (network.offline) {
    await network.failing;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

const list = () => screen.getByRole('list', { name: 'Locations' });

describe('LocationList, left while its virtualiser was failing to load', () => {
  it('keeps no failure for the next visit: that one asks again, and virtualises', async () => {
    const { unmount } = render(<Harness />);
    await act(async () => show(locations(100)));
    expect(list()).toHaveAttribute('inert');
    unmount();
    await act(async () => {
      network.fail();
      await new Promise((r) => setTimeout(r, 20));
    });

    network.offline = false;
    render(<Harness />);
    await act(async () => show(locations(100)));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(list()).not.toHaveAttribute('inert');
    // virtualised: only part of the 100 cards is drawn, not the whole list plainly
    expect(within(list()).getAllByRole('article').length).toBeLessThan(100);
  });
});
