import { z } from 'zod';

export const connectionFormSchema = z
  .object({
    baseUrl: z
      .string()
      .trim()
      .max(500, { error: 'Keep the address under 500 characters' })
      .refine(
        (v) => {
          if (v === '') return true;
          try {
            const url = new URL(v);
            return url.protocol === 'http:' || url.protocol === 'https:';
          } catch {
            return false;
          }
        },
        {
          error: 'Enter a full http:// or https:// address, or leave it empty for the demo service',
        },
      ),
    storeId: z
      .string()
      .trim()
      .min(1, { error: 'Enter the store ID' })
      .max(64, { error: 'Store IDs are at most 64 characters' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, - and _ only' }),
    apiKey: z.string().trim().max(200, { error: 'Keep the API key under 200 characters' }),
    accessToken: z
      .string()
      .trim()
      .max(4000, { error: 'That token is too long' })
      .regex(/^\S*$/, { error: 'The token cannot contain spaces' }),
    userId: z.string().trim().max(100, { error: 'Keep the user ID under 100 characters' }),
    remember: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.accessToken && !v.userId) {
      ctx.addIssue({
        code: 'custom',
        path: ['userId'],
        message: 'Enter the user ID that goes with this access token',
      });
    }
  });

export type ConnectionForm = z.infer<typeof connectionFormSchema>;
