import { z } from 'zod';
import { notificationPreferencesSchema } from './notification-preferences';

export const userSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country_code: z.string().nullable(),
  notification_preferences: notificationPreferencesSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;
