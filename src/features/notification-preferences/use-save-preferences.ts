import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Connection } from '@/api/connection';
import {
  type SavePreferencesInput,
  saveNotificationPreferences,
  userQueryOptions,
} from '@/api/users';
import { useMutationBusy } from '@/lib/use-mutation-busy';

/**
 * Save the customer's changes and put the object the service stored into the user's cached
 * record, so the screen and a later visit show exactly what is stored. A read of the user that is
 * on its way when Save is pressed is cancelled: it may have been answered before the save, and
 * arriving after it, it would put the old settings back on screen (the form follows the cache).
 */
export function useSavePreferences(conn: Connection, userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = userQueryOptions(conn, userId);
  const mutationKey = ['save-preferences', ...queryKey];
  const save = useMutation({
    mutationKey,
    mutationFn: (input: SavePreferencesInput) => saveNotificationPreferences(conn, userId, input),
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
  return { ...save, savingNow };
}
