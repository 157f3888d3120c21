import { memo, useEffect, useSyncExternalStore } from 'react';
import type { Location } from '@/api/schemas/location';
import { LocationCard } from './location-card';

/** Up to this many results the list is plain HTML; beyond it only what is on screen is drawn. */
export const VIRTUALIZE_AFTER = 60;
/** Drawn while the virtualiser's code arrives: about a screenful, the start of the whole list. */
const FIRST_CARDS = 8;

export interface ListProps {
  locations: readonly Location[];
  currentId: string | null;
  onChoose: (location: Location) => void;
}

type VirtualListModule = { VirtualLocationList: typeof PlainList };

// the virtualiser (9 KB gzip) only for a long list: a store with a few dozen locations never
// downloads it, and a long list is drawn from its start while it arrives (docs/performance.md).
// Should its code not load (a moment offline), the whole list is drawn plainly: slower, but the
// screen, its search and every location stay usable. One load per visit to the screen: a failed
// one is asked again by the next list that mounts, not at every render.
//
// Not a Suspense boundary: React keeps a fallback on screen for 300 ms before it reveals what
// replaces it, so the first cards stayed inert (not to be chosen) for a third of a second after
// the code had arrived, and a key typed then drew the whole list for the first time.
let virtualList: VirtualListModule | null = null;
let virtualListLoading = false;
let virtualListFailed = false;
const virtualListArrived = new Set<() => void>();

function settle(module: VirtualListModule) {
  virtualList = module;
  virtualListLoading = false;
  virtualListArrived.forEach((onArrival) => onArrival());
}

/** Starts the load once; a list that asks again while it is on its way waits for the same one. */
function loadVirtualList() {
  if (virtualList || virtualListLoading) return;
  virtualListLoading = true;
  import('./virtual-location-list').then(settle, () => {
    // no list waits for it (the screen was left, or the results went to none): nothing to draw
    // plainly, and the next list asks again rather than finding the failure kept
    if (virtualListArrived.size === 0) {
      virtualListLoading = false;
      return;
    }
    virtualListFailed = true;
    settle({ VirtualLocationList: PlainList });
  });
}

/**
 * A list listens for the code's arrival; a long one also asks for it here, after its first
 * render: a failure that came between that render and this (no list listening) was not kept.
 */
const listen = (wanted: boolean) => (onArrival: () => void) => {
  virtualListArrived.add(onArrival);
  if (wanted) loadVirtualList();
  return () => virtualListArrived.delete(onArrival);
};
const listenWanting = listen(true);
const listenOnly = listen(false);
const loadedVirtualList = () => virtualList;

/**
 * Memoised: typing in the search re-renders the screen at once (the box, the "Clear" button), and
 * the list only when the deferred results change; without `memo` every keystroke would draw the
 * list twice, the first time inside the key's own event (docs/performance.md).
 */
export const LocationList = memo(function LocationList(props: ListProps) {
  const long = props.locations.length > VIRTUALIZE_AFTER;
  // asked for while rendering, so the download starts with the first frame of a long list
  if (long) loadVirtualList();
  const loaded = useSyncExternalStore(
    long ? listenWanting : listenOnly,
    loadedVirtualList,
    loadedVirtualList,
  );
  useEffect(
    () => () => {
      if (!virtualListFailed) return;
      virtualList = null;
      virtualListFailed = false;
    },
    [],
  );
  if (!long) return <PlainList {...props} />;
  if (!loaded) return <PlainList {...props} shown={FIRST_CARDS} />;
  const { VirtualLocationList } = loaded;
  return <VirtualLocationList {...props} />;
});

/**
 * Every location, or the first `shown` of them, each saying where it sits in the whole list.
 * Those first cards are inert: the virtualised list replaces them, and a card that held focus
 * would take it away with it.
 */
function PlainList({ locations, currentId, onChoose, shown }: ListProps & { shown?: number }) {
  const total = locations.length;
  const partial = shown !== undefined && shown < total;
  return (
    <ul aria-label="Locations" className="flex flex-col gap-3" inert={partial}>
      {locations.slice(0, shown).map((l, i) => (
        <li
          key={l.id}
          aria-setsize={partial ? total : undefined}
          aria-posinset={partial ? i + 1 : undefined}
          aria-current={l.id === currentId ? 'true' : undefined}
        >
          <LocationCard location={l} isCurrent={l.id === currentId} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  );
}
