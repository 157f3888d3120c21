import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { locationSchema } from '@/api/schemas/location';
import { syntheticLocations } from '@/mocks/service/seed';
import { LocationList, VIRTUALIZE_AFTER } from './location-list';

// the virtualiser's chunk arrives when the test says so
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive, arrived };
});
vi.mock('./virtual-location-list', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const locations = (n: number) => syntheticLocations(n).map((l) => locationSchema.parse(l));
// the list's own items (each card holds lists of its own)
const items = () => [...screen.getByRole('list', { name: 'Locations' }).children];

describe('LocationList', () => {
  it(`draws every card of a list up to ${VIRTUALIZE_AFTER} long, without the virtualiser`, () => {
    const short = locations(VIRTUALIZE_AFTER);
    render(<LocationList locations={short} currentId={short[1]!.id} onChoose={() => undefined} />);
    expect(items()).toHaveLength(VIRTUALIZE_AFTER);
    expect(items()[0]).not.toHaveAttribute('aria-setsize');
    expect(items()[1]).toHaveAttribute('aria-current', 'true');
  });

  it('draws the start of a longer list while the virtualiser arrives, then only what is on screen', async () => {
    const long = locations(500);
    await act(async () => {
      render(<LocationList locations={long} currentId={null} onChoose={() => undefined} />);
    });
    // the first cards are there already, and each says where it sits in the whole list
    expect(items().map((li) => li.getAttribute('aria-posinset'))).toEqual(
      Array.from({ length: 8 }, (_, i) => String(i + 1)),
    );
    expect(items()[0]).toHaveAttribute('aria-setsize', '500');
    expect(screen.getByRole('heading', { name: long[0]!.name })).toBeInTheDocument();

    await act(async () => {
      chunk.arrive();
      await import('./virtual-location-list');
    });
    // virtualised: the items are placed by the virtualiser (data-index), still numbered in the
    // whole list
    expect(items()[0]).toHaveAttribute('data-index', '0');
    expect(items()[0]).toHaveAttribute('aria-setsize', '500');
    expect(items().length).toBeLessThan(100);
  });
});
