import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Connection } from '@/api/connection';
import { isSessionSwitched } from '@/api/errors';
import { isServiceRefusal } from '@/api/outcome';
import {
  CATEGORIES,
  CHANNELS,
  type NotificationPreferences,
} from '@/api/schemas/notification-preferences';
import {
  type SavePreferencesInput,
  saveNotificationPreferences,
  userQueryOptions,
} from '@/api/users';
import { useMutationBusy } from '@/lib/use-mutation-busy';

/** Whether `stored` is what a save asked for: there, with every switch it changed as it set it. */
function holdsSave(stored: NotificationPreferences, { changes }: SavePreferencesInput): boolean {
  return CATEGORIES.every((category) =>
    CHANNELS.every((channel) => {
      const asked = changes[category]?.[channel];
      return asked === undefined || stored[category][channel] === asked;
    }),
  );
}

/** Whether a failed save may have been made all the same: no answer, or not the service's. */
export const mayHaveSaved = (error: unknown) =>
  error != null && !isServiceRefusal(error) && !isSessionSwitched(error);

/**
 * Save the customer's changes and put the object the service stored into the user's cached
 * record, so the screen and a later visit show exactly what is stored. A read of the user that is
 * on its way when Save is pressed is cancelled: it may have been answered before the save, and
 * arriving after it, it would put the old settings back on screen (the form follows the cache).
 *
 * A save whose answer is lost (the connection dropped, a timeout, a page that is not the
 * service's) may have been made: the settings are read back at once. Stored as asked, it was
 * saved, and it is said so; otherwise the failure is said, and the screen (which follows the
 * cache) shows what is stored now, so a Discard afterwards goes back to that, not to settings
 * the save may have replaced.
 */
export function useSavePreferences(conn: Connection, userId: string) {
  const queryClient = useQueryClient();
  const options = userQueryOptions(conn, userId);
  const { queryKey } = options;
  const mutationKey = ['save-preferences', ...queryKey];
  const save = useMutation({
    mutationKey,
    mutationFn: async (input: SavePreferencesInput) => {
      try {
        return await saveNotificationPreferences(conn, userId, input);
      } catch (error) {
        if (!mayHaveSaved(error)) throw error;
        const stored = await queryClient
          .fetchQuery({ ...options, staleTime: 0 })
          .then((user) => user.notification_preferences)
          .catch(() => null);
        if (stored && holdsSave(stored, input)) return stored;
        throw error;
      }
    },
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey });
    },
    // ...and so is one sent while the save was out (coming back to the tab, a reconnect): it too
    // may have been answered before the save was applied
    onSuccess: async (saved) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (user) =>
        user ? { ...user, notification_preferences: saved } : user,
      );
    },
  });
  // read at the moment of a press: a double click's second click must not save again
  const { busyNow: savingNow } = useMutationBusy(mutationKey);
  /**
   * The last save failed in a way that may have made it, and reading the settings back failed
   * too (the read-back leaves the query in error): what is on screen may not be what is stored.
   */
  const outcomeUnknown = () =>
    mayHaveSaved(save.error) && queryClient.getQueryState(queryKey)?.status === 'error';
  /** Read the settings again (a Discard while the outcome is unknown). */
  const readAgain = () => void queryClient.invalidateQueries({ queryKey });
  return { ...save, savingNow, outcomeUnknown, readAgain };
}
