import { useSyncExternalStore } from 'react';
import { APP_PREFIX, readStored, writeStored } from '@/lib/storage';

/**
 * Whether the POS's single-key shortcuts are on, for this terminal (a device setting, not a
 * person's). WCAG 2.1.4: speech-input and switch users must be able to turn them off.
 */
const KEY = `${APP_PREFIX}pos-shortcuts`;
let enabled = readStored('local', KEY, (raw) => (typeof raw === 'boolean' ? raw : null)) ?? true;
const listeners = new Set<() => void>();

export const shortcutSetting = {
  get: () => enabled,
  set(value: boolean) {
    enabled = value;
    writeStored('local', KEY, value);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function useShortcutsEnabled() {
  return useSyncExternalStore(shortcutSetting.subscribe, shortcutSetting.get, shortcutSetting.get);
}
