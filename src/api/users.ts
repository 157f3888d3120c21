import { queryOptions } from '@tanstack/react-query';
import { apiRequest, seg } from './client';
import type { Connection } from './connection';
import { isApiError } from './errors';
import {
  type NotificationPreferences,
  notificationPreferencesSchema,
} from './schemas/notification-preferences';
import { type User, userSchema } from './schemas/user';

/** Op 10: the signed-in user, with notification preferences or null when none are stored. */
export function getUser(conn: Connection, userId: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(conn, {
    method: 'GET',
    path: `/auth/user/${seg(userId)}`,
    credential: 'bearer',
    contentKey: 'user',
    schema: userSchema,
    signal,
  });
}

/** Op 1: create preferences (all three categories, all three channels). */
export function createNotificationPreferences(
  conn: Connection,
  userId: string,
  prefs: NotificationPreferences,
): Promise<NotificationPreferences> {
  return apiRequest(conn, {
    method: 'POST',
    path: `/auth/user/${seg(userId)}/notification-preferences`,
    credential: 'bearer',
    contentKey: 'notification_preferences',
    schema: notificationPreferencesSchema,
    body: { notification_preferences: prefs },
  });
}

/** Op 2: update preferences (the service merges what is sent). */
export function updateNotificationPreferences(
  conn: Connection,
  userId: string,
  prefs: NotificationPreferences,
): Promise<NotificationPreferences> {
  return apiRequest(conn, {
    method: 'PUT',
    path: `/auth/user/${seg(userId)}/notification-preferences`,
    credential: 'bearer',
    contentKey: 'notification_preferences',
    schema: notificationPreferencesSchema,
    body: { notification_preferences: prefs },
  });
}

/**
 * Save with PUT when preferences exist and POST when not; on 409 or 404 the other verb is the
 * right one (someone else created or removed them meanwhile), so switch once (CONTRACT B6).
 */
export async function saveNotificationPreferences(
  conn: Connection,
  userId: string,
  prefs: NotificationPreferences,
  exists: boolean,
): Promise<NotificationPreferences> {
  const first = exists ? updateNotificationPreferences : createNotificationPreferences;
  const other = exists ? createNotificationPreferences : updateNotificationPreferences;
  try {
    return await first(conn, userId, prefs);
  } catch (error) {
    const switchCode = exists ? 'preferences_not_found' : 'preferences_already_exist';
    if (isApiError(error) && error.code === switchCode) return other(conn, userId, prefs);
    throw error;
  }
}

export const userKeys = {
  all: (conn: Connection) => ['users', conn.baseUrl, conn.storeId] as const,
  detail: (conn: Connection, userId: string) => [...userKeys.all(conn), userId] as const,
};

export const userQueryOptions = (conn: Connection, userId: string) =>
  queryOptions({
    queryKey: userKeys.detail(conn, userId),
    queryFn: ({ signal }) => getUser(conn, userId, signal),
  });
