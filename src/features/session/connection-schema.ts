import { z } from 'zod/mini';

export const connectionFormSchema = z
  .object({
    baseUrl: z.string().check(
      z.trim(),
      z.maxLength(500, { error: 'Keep the address under 500 characters' }),
      z.refine(
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
    ),
    storeId: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'Enter the store ID' }),
        z.maxLength(64, { error: 'Store IDs are at most 64 characters' }),
        z.regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, - and _ only' }),
      ),
    apiKey: z
      .string()
      .check(z.trim(), z.maxLength(200, { error: 'Keep the API key under 200 characters' })),
    accessToken: z
      .string()
      .check(
        z.trim(),
        z.maxLength(4000, { error: 'That token is too long' }),
        z.regex(/^\S*$/, { error: 'The token cannot contain spaces' }),
      ),
    userId: z
      .string()
      .check(z.trim(), z.maxLength(100, { error: 'Keep the user ID under 100 characters' })),
    remember: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.accessToken && !v.userId) {
        ctx.addIssue({
          code: 'custom',
          path: ['userId'],
          message: 'Enter the user ID that goes with this access token',
        });
      }
    }),
  );

export type ConnectionForm = z.infer<typeof connectionFormSchema>;
