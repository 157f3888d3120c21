import { useEffect, useState } from 'react';
import { type Location, locationSchema } from '@/api/schemas/location';
import { syntheticLocations } from '@/mocks/service/seed';
import { LocationList } from './location-list';

/** `n` parsed locations of the demo's synthetic kind. */
export const locations = (n: number) => syntheticLocations(n).map((l) => locationSchema.parse(l));

/** Sets the harness's locations (call it inside an awaited `act`). */
export let show: (locations: Location[]) => void = () => undefined;

/**
 * A list whose locations a test sets with `show`, inside an awaited `act`, as the screen's list
 * gets them: after it has mounted, when the data arrives. A long list then asks for the
 * virtualiser, and the awaited `act` lets it arrive (or fail) and the list draw again.
 */
export function Harness() {
  const [shown, setShown] = useState<Location[]>([]);
  useEffect(() => {
    show = setShown;
  }, []);
  return <LocationList locations={shown} currentId={null} onChoose={() => undefined} />;
}
