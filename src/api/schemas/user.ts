import { z } from 'zod/mini';
import { notificationPreferencesSchema } from './notification-preferences';

/** Operation 10's user. A customer made at the till from a phone or email alone has no names. */
export const userSchema = z.object({
  id: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  country_code: z.nullable(z.string()),
  notification_preferences: z.nullable(notificationPreferencesSchema),
});
export type User = z.infer<typeof userSchema>;
