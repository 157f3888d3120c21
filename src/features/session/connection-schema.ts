import { z } from 'zod/mini';

/**
 * What a credential is made of: printable ASCII (a Bearer token's characters are a subset). A
 * zero-width space or a curly quote (both come with a copy from a document or a chat) would make
 * every request fail in the browser before it leaves, as if the service could not be reached.
 */
const SENDABLE = /^[\x20-\x7E]*$/;
const unsendable = (what: string) =>
  `The ${what} can hold only plain letters, digits and symbols: this one has another character, such as a hidden space or a curly quote from a copy. Paste it again, or type it.`;

/**
 * The connection form. `demo`: this build has the in-browser demo service, which an empty API
 * base URL selects; a real-backend build has none, so there the address is required (empty would
 * send every request, token included, to the app's own host).
 */
export const connectionFormSchema = (demo: boolean) =>
  z
    .object({
      baseUrl: z.string().check(
        z.trim(),
        z.maxLength(500, { error: 'Keep the address to 500 characters or fewer' }),
        // a hidden character from a copy would go into every request's path, unseen
        z.regex(SENDABLE, { error: unsendable('address') }),
        z.superRefine((v, ctx) => {
          const refuse = (message: string) => ctx.addIssue({ code: 'custom', message, input: v });
          if (v === '') {
            if (!demo) refuse('Enter the API base URL, e.g. https://api.example.com');
            return;
          }
          let url: URL | null = null;
          try {
            url = new URL(v);
          } catch {
            // not an address at all: refused below
          }
          if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
            refuse(
              demo
                ? 'Enter a full http:// or https:// address, or leave it empty for the demo service'
                : 'Enter a full http:// or https:// address',
            );
          } else if (/[?#]/.test(v) || url.username || url.password) {
            // the API's paths are added after it: a ?query or #fragment would swallow them, and
            // a user name and password in it make the browser refuse every request
            refuse(
              'Enter only the address, like https://api.example.com: no ?, # or user name and password',
            );
          }
        }),
      ),
      storeId: z.string().check(
        z.trim(),
        z.minLength(1, { error: 'Enter the store ID' }),
        z.maxLength(64, { error: 'Store IDs are at most 64 characters' }),
        // said first: "letters, digits, - and _ only" beside a field that shows just those
        // would leave the hidden character to be guessed
        z.regex(SENDABLE, { error: unsendable('store ID') }),
        z.regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, - and _ only' }),
      ),
      apiKey: z
        .string()
        .check(
          z.trim(),
          z.maxLength(200, { error: 'Keep the API key to 200 characters or fewer' }),
          z.regex(SENDABLE, { error: unsendable('API key') }),
        ),
      accessToken: z
        .string()
        .check(
          z.trim(),
          z.maxLength(4000, { error: 'That token is too long' }),
          z.regex(/^\S*$/, { error: 'The token cannot contain spaces' }),
          z.regex(SENDABLE, { error: unsendable('token') }),
        ),
      userId: z.string().check(
        z.trim(),
        z.maxLength(100, { error: 'Keep the user ID to 100 characters or fewer' }),
        // a hidden character would name another user, who looks the same on screen
        z.regex(SENDABLE, { error: unsendable('user ID') }),
      ),
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
        // a user ID alone signs nobody in: say so rather than drop it
        if (v.userId && !v.accessToken) {
          ctx.addIssue({
            code: 'custom',
            path: ['accessToken'],
            message: 'Enter the access token for this user ID, or clear the user ID',
          });
        }
      }),
    );

export type ConnectionForm = z.infer<ReturnType<typeof connectionFormSchema>>;
