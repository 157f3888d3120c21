import { APP_PREFIX, createStoredValue, useStoredValue } from '@/lib/storage';

/**
 * Whether the POS's single-key shortcuts are on, for this terminal (a device setting, not a
 * person's). WCAG 2.1.4: speech-input and switch users must be able to turn them off.
 */
export const shortcutSetting = createStoredValue(
  `${APP_PREFIX}pos-shortcuts`,
  (raw) => (typeof raw === 'boolean' ? raw : null),
  true,
);

export function useShortcutsEnabled() {
  return useStoredValue(shortcutSetting);
}
