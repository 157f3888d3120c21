import { Suspense, use, useEffect } from 'react';
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

// the virtualiser (9 KB gzip) only for a long list: a store with a few dozen locations never
// downloads it, and a long list is drawn from its start while it arrives (docs/performance.md).
// Should its code not load (a moment offline), the whole list is drawn plainly: slower, but the
// screen, its search and every location stay usable. One load per visit to the screen: a failed
// one is asked again by the next list that mounts, not at every render (each would suspend).
let virtualList: Promise<{ VirtualLocationList: typeof PlainList }> | null = null;
let virtualListFailed = false;
const loadVirtualList = () =>
  (virtualList ??= import('./virtual-location-list').catch(() => {
    virtualListFailed = true;
    return { VirtualLocationList: PlainList };
  }));

function VirtualList(props: ListProps) {
  const { VirtualLocationList } = use(loadVirtualList());
  return <VirtualLocationList {...props} />;
}

export function LocationList(props: ListProps) {
  useEffect(
    () => () => {
      if (!virtualListFailed) return;
      virtualList = null;
      virtualListFailed = false;
    },
    [],
  );
  if (props.locations.length <= VIRTUALIZE_AFTER) return <PlainList {...props} />;
  return (
    <Suspense fallback={<PlainList {...props} shown={FIRST_CARDS} />}>
      <VirtualList {...props} />
    </Suspense>
  );
}

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
