import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LocationList, VIRTUALIZE_AFTER } from './location-list';
import { Harness, locations, show } from './location-list-harness';

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

const list = () => screen.getByRole('list', { name: 'Locations' });
// the long list's own items (numbered), not those of the lists inside each card
const items = () =>
  within(list())
    .getAllByRole('listitem')
    .filter((li) => li.hasAttribute('aria-posinset'));

describe('LocationList', () => {
  it(`draws every card of a list up to ${VIRTUALIZE_AFTER} long, without the virtualiser`, () => {
    const short = locations(VIRTUALIZE_AFTER);
    render(<LocationList locations={short} currentId={short[1]!.id} onChoose={() => undefined} />);
    expect(within(list()).getAllByRole('article')).toHaveLength(VIRTUALIZE_AFTER);
    // the whole list is there: no item needs to say where it sits
    expect(items()).toEqual([]);
    const current = within(list())
      .getAllByRole('listitem')
      .filter((li) => li.getAttribute('aria-current') === 'true');
    expect(current).toHaveLength(1);
    expect(within(current[0]!).getByRole('article')).toHaveAccessibleName(short[1]!.name);
    expect(list()).not.toHaveAttribute('inert');
  });

  it('draws the start of a longer list while the virtualiser arrives, then only what is on screen', async () => {
    const long = locations(500);
    render(<Harness />);
    // awaited, so that React comes back to the list when the chunk arrives
    await act(async () => show(long));
    // the first cards are there already, and each says where it sits in the whole list
    expect(items().map((li) => li.getAttribute('aria-posinset'))).toEqual(
      Array.from({ length: 8 }, (_, i) => String(i + 1)),
    );
    expect(items()[0]).toHaveAttribute('aria-setsize', '500');
    expect(screen.getByRole('heading', { name: long[0]!.name })).toBeInTheDocument();
    // not to be focused: the virtualised list replaces these cards
    expect(list()).toHaveAttribute('inert');

    await act(async () => {
      chunk.arrive();
      await import('./virtual-location-list');
    });
    // virtualised: the items are placed by the virtualiser (data-index), still numbered in the
    // whole list
    expect(items()[0]).toHaveAttribute('data-index', '0');
    expect(list()).not.toHaveAttribute('inert');
    expect(items()[0]).toHaveAttribute('aria-setsize', '500');
    expect(items().length).toBeLessThan(100);
  });
});
