import {
  defaultRangeExtractor,
  measureElement as measureCard,
  type Range,
  useWindowVirtualizer,
} from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LocationCard, canChoose } from './location-card';
import type { ListProps } from './location-list';

const ESTIMATED_CARD_HEIGHT = 260;

/** Where the list starts on the page; follows anything above it growing or shrinking. */
function useOffsetTop(ref: React.RefObject<HTMLElement | null>) {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setTop(el.getBoundingClientRect().top + window.scrollY);
    // the body resizes whenever an alert above the list appears or goes
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

/** How far from the focused card the search for a neighbour Tab can stop at goes. */
const MAX_NEIGHBOUR_WALK = 50;

/**
 * The items to draw: those the virtualiser wants (near the viewport) plus the focused one and its
 * nearest neighbour either side that Tab can stop at (`focusable`: a card with a button), with
 * the cards in between, so that Tab and Shift+Tab from a card scrolled away reach the next and
 * previous card rather than whatever is on screen. Sorted, each index once, all within `count`.
 */
export function keptIndexes(
  indexes: readonly number[],
  focusedIndex: number | null,
  count: number,
  focusable: (index: number) => boolean = () => true,
): number[] {
  const kept = new Set(indexes);
  if (focusedIndex !== null && focusedIndex >= 0 && focusedIndex < count) {
    kept.add(focusedIndex);
    for (const step of [-1, 1]) {
      for (let i = focusedIndex + step, n = 0; i >= 0 && i < count; i += step) {
        kept.add(i);
        if (focusable(i) || ++n >= MAX_NEIGHBOUR_WALK) break;
      }
    }
  }
  return [...kept].sort((a, b) => a - b);
}

/**
 * Thousands of locations: the page scrolls as usual (window virtualiser, no nested scroll box)
 * and only the cards near the viewport are in the DOM. Each item says where it sits in the whole
 * list (aria-setsize/aria-posinset), and the item holding focus stays mounted (with the items
 * either side of it) while it is scrolled away, so keyboard users never lose their place.
 */
export function VirtualLocationList({ locations, currentId, onChoose }: ListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useOffsetTop(listRef);
  const [focusedIndex, setFocusedIndex] = useState<number | null>(null);

  const rangeExtractor = useCallback(
    (range: Range) =>
      keptIndexes(defaultRangeExtractor(range), focusedIndex, range.count, (i) => {
        const l = locations[i];
        return l !== undefined && canChoose(l, l.id === currentId);
      }),
    [focusedIndex, locations, currentId],
  );

  const virtualizer = useWindowVirtualizer({
    count: locations.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    // a card not laid out (hidden tab, test DOM) measures 0; keep the estimate rather than let
    // every card collapse onto one line and all of them render at once
    measureElement: (el, entry, instance) =>
      measureCard(el, entry, instance) || ESTIMATED_CARD_HEIGHT,
    // a few cards beyond the viewport, so a scroll shows cards at once; Tab's next and previous
    // card are kept by the range extractor, not by overscan. Each filter keystroke that changes
    // the results draws this many new cards: 6 made the slowest keys a frame slower (bench)
    overscan: 3,
    scrollMargin,
    rangeExtractor,
    getItemKey: (index) => locations[index]?.id ?? index,
  });

  return (
    <ul
      ref={listRef}
      aria-label="Locations"
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
      // forgotten only when focus leaves the list: a Tab from card to card blurs one before it
      // focuses the next, and forgetting there would draw the list without the card focus is
      // moving to (it lands on <body>); the next card's onFocus takes over instead
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocusedIndex(null);
      }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const l = locations[item.index];
        if (!l) return null;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-setsize={locations.length}
            aria-posinset={item.index + 1}
            aria-current={l.id === currentId ? 'true' : undefined}
            onFocus={() => setFocusedIndex(item.index)}
            className="absolute top-0 left-0 w-full pb-3"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <LocationCard location={l} isCurrent={l.id === currentId} onChoose={onChoose} />
          </li>
        );
      })}
    </ul>
  );
}
