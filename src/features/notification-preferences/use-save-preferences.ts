import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Connection } from '@/api/connection';
import type { NotificationPreferences } from '@/api/schemas/notification-preferences';
import { saveNotificationPreferences, userQueryOptions } from '@/api/users';

/**
 * Save the whole matrix (PUT when stored, POST when not, switching verb on 409/404 as CONTRACT
 * B6 says) and put the object the service stored into the user's cached record, so the screen
 * and a later visit show exactly what was saved.
 */
export function useSavePreferences(conn: Connection, userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = userQueryOptions(conn, userId);
  return useMutation({
    mutationFn: ({ prefs, exists }: { prefs: NotificationPreferences; exists: boolean }) =>
      saveNotificationPreferences(conn, userId, prefs, exists),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, (user) =>
        user ? { ...user, notification_preferences: saved } : user,
      );
    },
  });
}
