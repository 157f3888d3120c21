import { useEffect, useRef } from 'react';
import { shortcutSetting } from './shortcut-setting';

export interface Shortcut {
  /** `KeyboardEvent.key`, e.g. "/" or "l". */
  key: string;
  /** What the list on screen says it does. */
  description: string;
  run: () => void;
}

/** Typing in these must never trigger a shortcut: the key belongs to the text. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(
      target.type,
    );
  }
  return false;
}

/**
 * Single-key shortcuts for the POS screens. They fire only when focus is not in a text field,
 * no modifier is held (Ctrl+P and the browser's own keys stay theirs), no dialog is open, and
 * the terminal has not turned them off (shortcut-setting.ts).
 */
export function useShortcuts(shortcuts: Shortcut[]) {
  // the latest list without re-binding the listener on every render
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!shortcutSetting.get() || event.defaultPrevented || event.repeat) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextEntry(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const shortcut = latest.current.find((s) => s.key.toLowerCase() === event.key.toLowerCase());
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
