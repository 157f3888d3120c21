import { APP_PREFIX, createStoredValue, useStoredValue } from './storage';

/** The POS terminal's store location (a property of the device, not of a person). */
export interface TerminalLocation {
  id: string;
  name: string;
  city: string;
}

const parse = (raw: unknown): TerminalLocation | null => {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return typeof r.id === 'string' && typeof r.name === 'string'
    ? { id: r.id, name: r.name, city: typeof r.city === 'string' ? r.city : '' }
    : null;
};

/** `clear()` forgets the terminal's location (tests start from a terminal with none). */
export const terminalLocationStore = createStoredValue<TerminalLocation | null>(
  `${APP_PREFIX}terminal-location`,
  parse,
  null,
);

export function useTerminalLocation() {
  return useStoredValue(terminalLocationStore);
}
