import { storeOf } from '@/api/connection';
import { useConnection } from './session';
import { APP_PREFIX, createStoredValue, useStoredValue } from './storage';

/** The POS terminal's store location (a property of the device, not of a person). */
export interface TerminalLocation {
  id: string;
  name: string;
  city: string;
  /** The service and store it is a location of (`storeOf`); absent in values kept before. */
  store?: string;
}

const parse = (raw: unknown): TerminalLocation | null => {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.name === 'string'
    ? {
        id: r.id,
        name: r.name,
        city: typeof r.city === 'string' ? r.city : '',
        ...(typeof r.store === 'string' && { store: r.store }),
      }
    : null;
};

/** `clear()` forgets the terminal's location (tests start from a terminal with none). */
export const terminalLocationStore = createStoredValue<TerminalLocation | null>(
  `${APP_PREFIX}terminal-location`,
  parse,
  null,
);

/**
 * The terminal's location in the store the app is connected to: one chosen in another store (the
 * connection settings changed since) is none, so the header never names another store's shop.
 */
export function useTerminalLocation(): TerminalLocation | null {
  const stored = useStoredValue(terminalLocationStore);
  const store = storeOf(useConnection());
  return stored && (stored.store === undefined || stored.store === store) ? stored : null;
}
