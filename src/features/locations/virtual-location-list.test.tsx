import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locations } from './location-list-harness';
import { VirtualLocationList, keptIndexes } from './virtual-location-list';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('keptIndexes (what the virtualised list draws)', () => {
  it('draws what the virtualiser asks for when nothing in the list has focus', () => {
    expect(keptIndexes(range(24, 40), null, 5000)).toEqual(range(24, 40));
  });

  it('keeps a focused card scrolled away mounted, with the cards either side, so Tab order holds', () => {
    // focus on card 10 (index 9), scrolled so that cards 24 onwards are on screen
    expect(keptIndexes(range(23, 40), 9, 5000)).toEqual([8, 9, 10, ...range(23, 40)]);
    // and scrolled the other way
    expect(keptIndexes(range(0, 12), 100, 5000)).toEqual([...range(0, 12), 99, 100, 101]);
  });

  it('adds each index once when the focused card or its neighbours are on screen already', () => {
    expect(keptIndexes(range(5, 15), 10, 5000)).toEqual(range(5, 15));
    expect(keptIndexes(range(5, 15), 15, 5000)).toEqual(range(5, 16));
    expect(keptIndexes(range(5, 15), 4, 5000)).toEqual(range(3, 15));
  });

  it('stays within the list', () => {
    expect(keptIndexes(range(40, 60), 0, 5000)).toEqual([0, 1, ...range(40, 60)]);
    expect(keptIndexes(range(0, 20), 4999, 5000)).toEqual([...range(0, 20), 4998, 4999]);
    // a focus left over from a longer list (before a search narrowed it) is not drawn
    expect(keptIndexes(range(0, 20), 70, 61)).toEqual(range(0, 20));
    expect(keptIndexes(range(0, 20), 61, 61)).toEqual(range(0, 20));
  });

  it('keeps the cards up to the nearest one Tab can stop at, either side', () => {
    // cards 11 and 12 (indexes 10, 11) are inactive: no button, so Tab from card 10 goes to 13
    const withButton = (i: number) => i !== 10 && i !== 11;
    expect(keptIndexes(range(23, 40), 9, 5000, withButton)).toEqual([
      ...range(8, 12),
      ...range(23, 40),
    ]);
    // and back: Shift+Tab from card 13 (index 12) goes to card 10
    expect(keptIndexes(range(23, 40), 12, 5000, withButton)).toEqual([
      ...range(9, 13),
      ...range(23, 40),
    ]);
    // a long run without buttons is not drawn whole
    expect(keptIndexes(range(0, 5), 1000, 5000, () => false)).toHaveLength(6 + 1 + 2 * 50);
  });
});

describe('VirtualLocationList (focus in a long list)', () => {
  const many = locations(5000);
  const chooseButton = (n: number) =>
    screen.getByRole('button', { name: `Use this location: Indigo Threads Outlet ${n}` });

  /**
   * The window scrolled to `y`, as the virtualiser sees it (jsdom does not scroll), and the
   * scroll over: the virtualiser's timer that says so runs now, inside act, not in a later test.
   */
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
      vi.runOnlyPendingTimers();
    });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // the virtualiser's own scroll (jsdom says "not implemented"); the test scrolls instead
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    scrollTo(0);
    vi.useRealTimers();
  });

  /**
   * What a browser does on Tab (or Shift+Tab) from `from` to `to`: focusout on `from`, naming
   * `to`, then focus on `to` if it is still in the page. Each event is a task of its own, so
   * React draws in between (one act each), as it does in the browser; jsdom's `to.focus()` alone
   * would fire both in one go and hide what the first one's render removed.
   */
  function moveFocus(from: HTMLElement, to: HTMLElement) {
    fireEvent.focusOut(from, { relatedTarget: to });
    if (to.isConnected) act(() => to.focus());
  }

  it('Tab and Shift+Tab from a card scrolled away reach the next and previous card', () => {
    render(<VirtualLocationList locations={many} currentId={null} onChoose={() => undefined} />);
    act(() => chooseButton(3).focus());
    // five PageDowns or so: card 3 is far above the viewport, kept mounted with its neighbours
    scrollTo(3500);
    expect(screen.queryByRole('article', { name: 'Indigo Threads Outlet 6' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Indigo Threads Outlet 16' })).toBeInTheDocument();
    expect(chooseButton(3)).toHaveFocus();

    // the card Tab moves to is still in the page when focus gets there
    for (const [from, to] of [
      [3, 4],
      [4, 5],
      [5, 4], // Shift+Tab
    ] as const) {
      const next = chooseButton(to);
      moveFocus(chooseButton(from), next);
      expect(next).toBeInTheDocument();
      expect(next).toHaveFocus();
    }
  });

  it('lets a card scrolled away go once focus leaves the list', () => {
    render(
      <>
        <input type="search" aria-label="Search" />
        <VirtualLocationList locations={many} currentId={null} onChoose={() => undefined} />
      </>,
    );
    act(() => chooseButton(3).focus());
    scrollTo(3500);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    moveFocus(chooseButton(3), search);
    expect(search).toHaveFocus();
    expect(screen.queryByRole('article', { name: 'Indigo Threads Outlet 3' })).toBeNull();
  });
});
