import { useSyncExternalStore } from 'react';
import { APP_PREFIX, readStored, removeStored, writeStored } from './storage';

/** The POS terminal's store location (a property of the device, not of a person). */
export interface TerminalLocation {
  id: string;
  name: string;
  city: string;
}

const KEY = `${APP_PREFIX}terminal-location`;
const parse = (raw: unknown): TerminalLocation | null => {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.name === 'string'
    ? { id: r.id, name: r.name, city: typeof r.city === 'string' ? r.city : '' }
    : null;
};

let current = readStored('local', KEY, parse);
const listeners = new Set<() => void>();

export const terminalLocationStore = {
  get: () => current,
  set(location: TerminalLocation) {
    current = location;
    writeStored('local', KEY, location);
    listeners.forEach((l) => l());
  },
  /** Forget the terminal's location (tests start from a terminal with none). */
  clear() {
    current = null;
    removeStored('local', KEY);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function useTerminalLocation() {
  return useSyncExternalStore(
    terminalLocationStore.subscribe,
    terminalLocationStore.get,
    terminalLocationStore.get,
  );
}
