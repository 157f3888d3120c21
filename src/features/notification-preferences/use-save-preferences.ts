import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Connection } from '@/api/connection';
import {
  type SavePreferencesInput,
  saveNotificationPreferences,
  userQueryOptions,
} from '@/api/users';

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
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, (user) =>
        user ? { ...user, notification_preferences: saved } : user,
      );
    },
  });
  // read at the moment of a press: a second click of a double click comes before React has drawn
  // the pending Save (the form's checks run in between), and must not send the save again
  const savingNow = () => queryClient.isMutating({ mutationKey }) > 0;
  return { ...save, savingNow };
}
