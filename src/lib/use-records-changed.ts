import { useEffect, useEffectEvent } from 'react';
import { onUserDataCleared } from './storage';

/**
 * Runs `onChange` after each sweep or putting back of the person's stored records (another tab's
 * sign-in, the demo's reset, a new token confirmed by Get user: src/features/session/set-aside.ts).
 * A screen that read its records once, when it was drawn, takes them as stored now: one left as
 * it was would write back what was swept, or over what was put back.
 */
export function useRecordsChanged(onChange: () => void) {
  const changed = useEffectEvent(onChange);
  useEffect(() => onUserDataCleared(() => changed()), []);
}
