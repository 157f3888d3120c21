import { act, render, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Location, locationSchema } from '@/api/schemas/location';
import { syntheticLocations } from '@/mocks/service/seed';
import { LocationList } from './location-list';

// the virtualiser's chunk cannot be fetched (a moment offline)
vi.mock('./virtual-location-list', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

let show: (locations: Location[]) => void = () => undefined;
function Harness() {
  const [shown, setShown] = useState<Location[]>([]);
  useEffect(() => {
    show = setShown;
  }, []);
  return <LocationList locations={shown} currentId={null} onChoose={() => undefined} />;
}

describe('LocationList without its virtualiser', () => {
  it('draws the whole long list plainly, so the screen stays usable', async () => {
    const long = syntheticLocations(100).map((l) => locationSchema.parse(l));
    render(<Harness />);
    await act(async () => show(long));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const list = screen.getByRole('list', { name: 'Locations' });
    expect(within(list).getAllByRole('article')).toHaveLength(100);
    expect(list).not.toHaveAttribute('inert');
  });
});
