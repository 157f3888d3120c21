import { z } from 'zod/mini';

export const CATEGORIES = ['transactional', 'promotional', 'newsletter'] as const;
export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Channel = (typeof CHANNELS)[number];

const channelsSchema = z.strictObject({
  email: z.boolean(),
  sms: z.boolean(),
  whatsapp: z.boolean(),
});

export const notificationPreferencesSchema = z.strictObject({
  transactional: channelsSchema,
  promotional: channelsSchema,
  newsletter: channelsSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT merges any subset of categories and channels (CONTRACT B6). */
export const notificationPreferencesPatchSchema = z.strictObject({
  transactional: z.optional(z.partial(channelsSchema)),
  promotional: z.optional(z.partial(channelsSchema)),
  newsletter: z.optional(z.partial(channelsSchema)),
});
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatchSchema>;

export const createPreferencesBodySchema = z.strictObject({
  notification_preferences: notificationPreferencesSchema,
});
export const updatePreferencesBodySchema = z.strictObject({
  notification_preferences: notificationPreferencesPatchSchema,
});
