import { memo, useEffect, useState } from 'react';
import type { Location } from '@/api/schemas/location';
import { importOnce } from '@/lib/import-once';
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
// Should its code not load (a moment offline), that list draws every card plainly: slower, but
// the screen, its search and every location stay usable; the next list to mount (the next
// visit) asks again, as `importOnce` keeps no failure.
//
// Not a Suspense boundary: React keeps a fallback on screen for 300 ms before it reveals what
// replaces it, so the first cards stayed inert (not to be chosen) for a third of a second after
// the code had arrived, and a key typed then drew the whole list for the first time.
const loadVirtualList = importOnce(() => import('./virtual-location-list'));
/** The module once it has arrived: a list mounted after that draws virtualised at once. */
let arrived: VirtualListModule | null = null;
const drawnPlainly: VirtualListModule = { VirtualLocationList: PlainList };

/** The virtualiser for a long list (null while it is on its way); this list's own failure. */
function useVirtualList(long: boolean): VirtualListModule | null {
  const [loaded, setLoaded] = useState(arrived);
  // asked for while rendering, so the download starts with the first frame of a long list
  // (the same request as the effect's below: `importOnce`)
  if (long && !loaded) loadVirtualList().catch(() => undefined);
  useEffect(() => {
    if (!long || loaded) return;
    let mounted = true;
    loadVirtualList().then(
      (module) => {
        arrived = module;
        if (mounted) setLoaded(module);
      },
      () => {
        if (mounted) setLoaded(drawnPlainly);
      },
    );
    return () => {
      mounted = false;
    };
  }, [long, loaded]);
  return loaded;
}

/**
 * Memoised: typing in the search re-renders the screen at once (the box, the "Clear" button), and
 * the list only when the deferred results change; without `memo` every keystroke would draw the
 * list twice, the first time inside the key's own event (docs/performance.md).
 */
export const LocationList = memo(function LocationList(props: ListProps) {
  const long = props.locations.length > VIRTUALIZE_AFTER;
  const loaded = useVirtualList(long);
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
