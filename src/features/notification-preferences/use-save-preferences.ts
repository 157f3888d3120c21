import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Connection } from '@/api/connection';
import {
  type SavePreferencesInput,
  saveNotificationPreferences,
  userQueryOptions,
} from '@/api/users';

/**
 * Save the customer's changes and put the object the service stored into the user's cached
 * record, so the screen and a later visit show exactly what is stored.
 */
export function useSavePreferences(conn: Connection, userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = userQueryOptions(conn, userId);
  return useMutation({
    mutationFn: (input: SavePreferencesInput) => saveNotificationPreferences(conn, userId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, (user) =>
        user ? { ...user, notification_preferences: saved } : user,
      );
    },
  });
}
