import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { locationsQueryOptions } from '@/api/locations';
import type { Location } from '@/api/schemas/location';
import { useConnection, useSession } from '@/lib/session';
import {
  type TerminalLocation,
  terminalLocationStore,
  useTerminalLocation,
} from '@/lib/terminal-location';

/** Why the terminal's location no longer does, in the header's words. */
export type LocationProblem = 'no longer listed' | 'inactive' | 'not a checkout point';

/**
 * What is wrong with the terminal's location by the store's list (null: nothing, or no list yet):
 * gone from it, inactive, or not where sales are rung up. The locations screen and the header.
 */
export function locationProblem(
  terminal: TerminalLocation,
  locations: readonly Location[] | undefined,
): LocationProblem | null {
  const l = locations?.find((x) => x.id === terminal.id);
  if (!locations) return null;
  return !l
    ? 'no longer listed'
    : !l.active
      ? 'inactive'
      : l.is_checkout_point
        ? null
        : 'not a checkout point';
}

/**
 * The terminal's location renamed (or moved to another city) since it was chosen: the device's
 * record takes the store's words from its list, so the header and the picker name it as the
 * store does now. Called by the header's note, which is there on the picker too.
 */
export function useListedName(
  terminal: TerminalLocation | null,
  locations: readonly Location[] | undefined,
) {
  const listed = terminal && locations?.find((l) => l.id === terminal.id);
  useEffect(() => {
    if (terminal && listed && (listed.name !== terminal.name || listed.city !== terminal.city)) {
      terminalLocationStore.set({ ...terminal, name: listed.name, city: listed.city });
    }
  }, [terminal, listed]);
}

/**
 * The header's word on the terminal's location, after its name: " (inactive)" and the like, from
 * the store's list in the cache (the locations screen's), or asked for in the background when it
 * is not there; not again while it is mounted (the POS screens) and fresh (docs/locations.md).
 */
export function LocationProblemNote() {
  const terminal = useTerminalLocation();
  const connection = useConnection();
  // the list is staff's to ask for (docs/locations.md): nobody signed in sends no request
  const staff = useSession().identity !== null;
  const { data } = useQuery({
    ...locationsQueryOptions(connection),
    enabled: staff && terminal !== null && connection.apiKey.trim() !== '',
  });
  useListedName(terminal, data);
  const problem = terminal && locationProblem(terminal, data);
  return problem ? (
    <>
      {' '}
      <strong className="text-amber-300">({problem})</strong>
    </>
  ) : null;
}
