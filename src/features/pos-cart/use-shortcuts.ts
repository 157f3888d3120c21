import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef } from 'react';
import { SCAN_GAP_MS } from './scan-gap';
import { shortcutSetting } from './shortcut-setting';
import { isDialogOpen } from '@/lib/dialog-open';

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

export { SCAN_GAP_MS };

/** A key that types a character (a cart id's), as opposed to Enter, Tab, arrows, Space. */
const isCharacter = (key: string) => key.length === 1 && key !== ' ';

/**
 * Single-key shortcuts for the POS screens. They fire only when focus is not in a text field,
 * no modifier is held (Ctrl+P and the browser's own keys stay theirs), no dialog is open, and
 * the terminal has not turned them off (shortcut-setting.ts). A scan in a text field is typing
 * in that field, as from any keyboard.
 *
 * A scan that starts outside a text field would otherwise run a shortcut per character ("c" of
 * "cart_1002" opening the customer form, the rest typed into it). So a shortcut runs only once
 * no second key has followed within SCAN_GAP_MS; if one does, the keys so far go to `onScan`
 * (the Cart ID field takes them and focus, and the scanner's other keys land there), and an
 * Enter among them is passed on as `submit`. Scans are caught with the shortcuts off too.
 */
export function useShortcuts(
  shortcuts: Shortcut[],
  onScan?: (typed: string, submit: boolean) => void,
) {
  // the latest list without re-binding the listener on every render
  const latest = useRef({ shortcuts, onScan });
  useEffect(() => {
    latest.current = { shortcuts, onScan };
  });
  useEffect(() => {
    let pending: { typed: string; timer: ReturnType<typeof setTimeout> } | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextEntry(event.target)) return;
      if (isDialogOpen()) return;
      const { shortcuts: list, onScan: scan } = latest.current;
      if (pending && scan && (isCharacter(event.key) || event.key === 'Enter')) {
        // a second key straight after the first: a scan (its Enter must not press a button)
        event.preventDefault();
        clearTimeout(pending.timer);
        const typed = pending.typed + (event.key === 'Enter' ? '' : event.key);
        pending = null;
        scan(typed, event.key === 'Enter');
        return;
      }
      if (event.repeat) return;
      // scans are caught with the shortcuts off too; only the single keys obey the setting
      const shortcut = shortcutSetting.get()
        ? list.find((s) => s.key.toLowerCase() === event.key.toLowerCase())
        : undefined;
      if (shortcut) event.preventDefault();
      if (!scan || !isCharacter(event.key)) {
        shortcut?.run();
        return;
      }
      // wait a moment: the first key of a scan looks like any other
      if (pending) clearTimeout(pending.timer);
      pending = {
        typed: event.key,
        timer: setTimeout(() => {
          pending = null;
          shortcut?.run();
        }, SCAN_GAP_MS),
      };
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (pending) clearTimeout(pending.timer);
    };
  }, []);
}

/** The fewest keys a scan taken out of a field has: a person's quick "1.5" and Enter is theirs. */
const MIN_SCAN = 4;

/** What a points field can hold: digits. */
export const holdsDigits = (typed: string) => /^\d*$/.test(typed);

/** What a phone or country code field can hold: digits and the signs written between them. */
export const holdsPhone = (typed: string) => /^[\d\s+()\-.]*$/.test(typed);

/** Per field: the keys of the burst typed last, when the last came, what the field held before. */
const bursts = new WeakMap<HTMLInputElement, { before: string; typed: string; at: number }>();

/**
 * A scan into a field that cannot hold it: the points field, where focus stays after Redeem, so
 * the next cart's scan went there ("Enter the points as a whole number"), and the phone fields
 * of the customer form, where focus stays after a link the service refused. A burst of keys each
 * under SCAN_GAP_MS after the one before, ending in Enter, that the field could not hold (`holds`:
 * a cart ID has letters) is not the field's: the field gets back what it held before the burst,
 * and the scan goes to `onScan` (the Cart ID field). What the field can hold stays the field's,
 * however fast it was typed (a person may type "250" quickly).
 */
export function scanOutOfField(
  onScan: (typed: string) => void,
  restore: (value: string) => void,
  holds: (typed: string) => boolean,
) {
  return (event: ReactKeyboardEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    if (event.nativeEvent.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
    const last = bursts.get(field);
    const now = performance.now();
    const fast = last !== undefined && now - last.at < SCAN_GAP_MS;
    if (event.key === 'Enter') {
      bursts.delete(field);
      if (fast && last.typed.length >= MIN_SCAN && !holds(last.typed)) {
        // its Enter sends nothing from here
        event.preventDefault();
        restore(last.before);
        onScan(last.typed);
      }
      return;
    }
    if (!isCharacter(event.key)) return;
    bursts.set(field, {
      before: fast ? last.before : field.value,
      typed: (fast ? last.typed : '') + event.key,
      at: now,
    });
  };
}
