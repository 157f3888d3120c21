import { queryOptions } from '@tanstack/react-query';
import { apiRequest, seg } from './client';
import { type Connection, storeOf } from './connection';
import { isApiError } from './errors';
import {
  type NotificationPreferences,
  type NotificationPreferencesPatch,
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

/** Op 2: update preferences: the service merges what is sent into what is stored (B6). */
export function updateNotificationPreferences(
  conn: Connection,
  userId: string,
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferences> {
  return apiRequest(conn, {
    method: 'PUT',
    path: `/auth/user/${seg(userId)}/notification-preferences`,
    credential: 'bearer',
    contentKey: 'notification_preferences',
    schema: notificationPreferencesSchema,
    body: { notification_preferences: patch },
  });
}

export interface SavePreferencesInput {
  /** Every switch as the screen shows it: what a POST sends, since it needs the whole object. */
  prefs: NotificationPreferences;
  /**
   * Only the switches the customer changed (from what is stored, or from the suggestion when
   * nothing is): what a PUT sends.
   */
  changes: NotificationPreferencesPatch;
  /** Preferences are stored (PUT), or not yet (POST). */
  exists: boolean;
}

/**
 * PUT only what the customer changed, so a switch they did not touch keeps whatever is stored,
 * even when another device changed it after the screen loaded. POST (nothing stored yet) sends
 * the whole screen. On 404 or 409 the other verb is the right one (someone else removed or
 * created them meanwhile), so switch once (CONTRACT B6): after a 404 the POST sends the whole
 * screen, as nothing is stored to keep; after a 409 the PUT sends only the changes too, since
 * another device has just stored its choices (an opt-in or an opt-out) over the suggestion this
 * screen showed, and the suggestion must not undo them (docs/notification-preferences.md).
 */
export async function saveNotificationPreferences(
  conn: Connection,
  userId: string,
  { prefs, changes, exists }: SavePreferencesInput,
): Promise<NotificationPreferences> {
  const switchCode = exists ? 'preferences_not_found' : 'preferences_already_exist';
  try {
    return exists
      ? await updateNotificationPreferences(conn, userId, changes)
      : await createNotificationPreferences(conn, userId, prefs);
  } catch (error) {
    if (!isApiError(error) || error.code !== switchCode) throw error;
    return exists
      ? createNotificationPreferences(conn, userId, prefs)
      : updateNotificationPreferences(conn, userId, changes);
  }
}

export const userKeys = {
  // the service and store as `whomOf` names them: an address with or without its trailing slash
  // is the same service, so what is cached for it (and a form drawn from it) stays
  all: (conn: Connection) => ['users', storeOf(conn)] as const,
  detail: (conn: Connection, userId: string) => [...userKeys.all(conn), userId] as const,
};

export const userQueryOptions = (conn: Connection, userId: string) =>
  queryOptions({
    queryKey: userKeys.detail(conn, userId),
    queryFn: ({ signal }) => getUser(conn, userId, signal),
    // read again on coming back to the tab once the settings are old (changed on the phone
    // meanwhile): the form takes newer settings in and keeps unsaved changes (PreferencesForm)
    refetchOnWindowFocus: true,
  });
