import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Harness, locations, show } from './location-list-harness';

// the virtualiser's chunk cannot be fetched (a moment offline) until the test says it is back
const network = vi.hoisted(() => ({ offline: true }));
vi.mock('./virtual-location-list', async (importOriginal) => {
  if (network.offline) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

const list = () => screen.getByRole('list', { name: 'Locations' });

async function showLongList() {
  const view = render(<Harness />);
  await act(async () => show(locations(100)));
  await act(() => new Promise((r) => setTimeout(r, 50)));
  return view;
}

describe('LocationList without its virtualiser', () => {
  it('draws the whole long list plainly, so the screen stays usable; a later visit asks again', async () => {
    const first = await showLongList();
    expect(within(list()).getAllByRole('article')).toHaveLength(100);
    expect(list()).not.toHaveAttribute('inert');

    // back online, the screen is left and shown again: the virtualiser loads this time, and
    // draws only part of the list
    network.offline = false;
    first.unmount();
    await showLongList();
    expect(within(list()).getAllByRole('article').length).toBeLessThan(100);
  });
});
