import {
  CATEGORIES,
  CHANNELS,
  type Category,
  type Channel,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  notificationPreferencesPatchSchema,
} from '@/api/schemas/notification-preferences';
import { USER_PREFIX, readStored, removeStored, writeStored } from '@/lib/storage';

/** One switch the customer turned on or off. */
export interface Change {
  category: Category;
  channel: Channel;
  on: boolean;
}

/** Switch values as a form may hold them (useWatch types each one as possibly missing). */
type SwitchValues = { [C in Category]?: { [H in Channel]?: boolean } };

/**
 * The switches `isEdited` picks, each with its value in `values`: the one walk over the matrix
 * for every "which switches are edited", whether the form's dirty state or a comparison with the
 * stored values (`changesBetween`) says so.
 */
export function editedSwitches(
  values: SwitchValues,
  isEdited: (category: Category, channel: Channel) => boolean,
): Change[] {
  return CATEGORIES.flatMap((category) =>
    CHANNELS.filter((channel) => isEdited(category, channel)).map((channel) => ({
      category,
      channel,
      on: values[category]?.[channel] === true,
    })),
  );
}

/** The switches whose value in `values` differs from `base`. */
export function changesBetween(
  base: NotificationPreferences,
  values: NotificationPreferences,
): Change[] {
  return editedSwitches(
    values,
    (category, channel) => base[category][channel] !== values[category][channel],
  );
}

/** The changes as a PUT body: only these switches, which the service merges (CONTRACT B6). */
export function toPatch(changes: Change[]): NotificationPreferencesPatch {
  const patch: NotificationPreferencesPatch = {};
  for (const { category, channel, on } of changes) {
    patch[category] = { ...patch[category], [channel]: on };
  }
  return patch;
}

function fromPatch(patch: NotificationPreferencesPatch): Change[] {
  return CATEGORIES.flatMap((category) =>
    CHANNELS.flatMap((channel) => {
      const on = patch[category]?.[channel];
      return on === undefined ? [] : [{ category, channel, on }];
    }),
  );
}

/*
 * Changes kept while the customer signs in again (a save was refused with 401). Per person:
 * USER_PREFIX, so signing out or a different person signing in sweeps them (src/lib/session.ts),
 * and the store (`storeOf`: the API and the store ID, as every store's record) and user id in the
 * key, so nobody else's screen, nor another service's user of that ID, ever reads them. Per tab:
 * sessionStorage, like the return wizard's draft.
 */
const keptKey = (store: string, userId: string) =>
  `${USER_PREFIX}notification-preferences-changes:${encodeURIComponent(store)}:${encodeURIComponent(userId)}`;

/** `store`: `storeOf` the connection. */
export function readKeptChanges(store: string, userId: string): Change[] | null {
  const changes = readStored('session', keptKey(store, userId), (raw) => {
    const parsed = notificationPreferencesPatchSchema.safeParse(raw);
    return parsed.success ? fromPatch(parsed.data) : null;
  });
  return changes && changes.length > 0 ? changes : null;
}

/** Keep the changes (as a PUT body, `toPatch`) for the same user's next visit. */
export function keepChanges(store: string, userId: string, patch: NotificationPreferencesPatch) {
  if (Object.keys(patch).length === 0) forgetKeptChanges(store, userId);
  else writeStored('session', keptKey(store, userId), patch);
}

export function forgetKeptChanges(store: string, userId: string) {
  removeStored('session', keptKey(store, userId));
}
