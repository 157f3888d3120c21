import { z } from 'zod/mini';
import { apiRequest, seg } from '@/api/client';
import type { Connection } from '@/api/connection';
import { isApiError, isUnauthorized } from '@/api/errors';
import { isServiceNotFound } from '@/api/not-found-codes';
import { getStoreConfig } from '@/api/store-config';
import { locationSchema } from '@/api/schemas/location';
import { userSchema } from '@/api/schemas/user';
import { formatCount, fullName } from '@/lib/format';

/*
 * Ops 5 and 10 as locations.ts and users.ts send them, but through the client directly: importing
 * those modules here would split them out of the locations and notification screens into chunks
 * of their own, one more request each on those screens' first paint (scripts/code-splitting.ts);
 * putting them in the api chunk costs every screen 0.3 KB. Op 7's module is shared already.
 */
const listLocations = (conn: Connection, signal: AbortSignal) =>
  apiRequest(conn, {
    method: 'GET',
    path: '/pos/locations',
    credential: 'api-key',
    contentKey: 'locations',
    schema: z.array(locationSchema),
    signal,
  });
const getUser = (conn: Connection, userId: string, signal: AbortSignal) =>
  apiRequest(conn, {
    method: 'GET',
    path: `/auth/user/${seg(userId)}`,
    credential: 'bearer',
    contentKey: 'user',
    schema: userSchema,
    signal,
  });

/** One thing the check found: whether it works, and in words. */
export interface Finding {
  ok: boolean;
  text: string;
  /**
   * Nobody is signed in with the access token and user ID: the service refused the token (401),
   * or it is someone else's (403). Why, as the end of "You are not signed in: …".
   */
  tokenRefused?: string;
  /** Get user answered for the access token: it is that user's (records set aside come back). */
  userConfirmed?: true;
}

/** Why a request failed, in words for the Connection screen (which holds every setting). */
function whyNot(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : 'unexpected error';
  // the client's and the service's messages are sentences: this one goes inside another
  const said = error.message.replace(/\.$/, '');
  // the client's words ("Could not reach the service. Check the connection…") say it again: here
  // the likely causes, a mistyped address, a service not running or one that does not let this
  // site call it (CORS: the browser tells no more), are all in this form
  if (error.status === 0) {
    return 'the service could not be reached: check the API address, that the service is running, and that it lets this site call it';
  }
  if (error.status === 404 && !isServiceNotFound(error.code)) {
    return 'something answered at the API address, but not the storefront service: check the address';
  }
  if (error.code === 'invalid_response') {
    return `the service's answer could not be read (${said})`;
  }
  return `${said} (${error.status})`;
}

/**
 * Stops the check where it is once it is moot (a later Save, a sign-out): a request that failed
 * because of it is no finding. (A request sent after it never leaves: the client honours an
 * aborted signal.)
 */
function stillWanted(signal: AbortSignal) {
  if (signal.aborted) throw signal.reason;
}

/**
 * Saved settings, tried against the service with what each needs and no more (each credential
 * goes only to an operation that takes it): the store config (no credential) for the address
 * and the store ID; List POS locations for the API key; Get user (op 10) for the access token
 * and its user ID. Only words come back (the user's name at most): no record is kept.
 */
export async function checkConnection(conn: Connection, signal: AbortSignal): Promise<Finding[]> {
  let storeName: string;
  try {
    storeName = (await getStoreConfig(conn, signal)).brand.name;
  } catch (error) {
    stillWanted(signal);
    if (isApiError(error) && error.code === 'store_not_found') {
      return [{ ok: false, text: `The service has no store with the ID “${conn.storeId}”.` }];
    }
    // nothing else can be checked without the store
    return [{ ok: false, text: `The store could not be read: ${whyNot(error)}.` }];
  }
  const findings: Finding[] = [
    {
      ok: true,
      text: storeName ? `Store “${storeName}” found.` : 'Store found (it gives no name).',
    },
  ];

  if (conn.apiKey) {
    try {
      const locations = await listLocations(conn, signal);
      findings.push({
        ok: true,
        text: `API key accepted (${formatCount(locations.length, 'store location')}).`,
      });
    } catch (error) {
      stillWanted(signal);
      const refused = isApiError(error) && (error.status === 401 || error.status === 403);
      findings.push({
        ok: false,
        text: refused
          ? 'The API key was not accepted: the store’s locations cannot be listed.'
          : `The API key could not be checked: ${whyNot(error)}.`,
      });
    }
  }

  if (conn.accessToken && conn.userId) findings.push(await checkUser(conn, signal));
  return findings;
}

/**
 * The access token and its user ID tried with Get user (op 10): accepted for that user
 * (`userConfirmed`), refused or someone else's (`tokenRefused`), or not known (any other failure).
 */
export async function checkUser(conn: Connection, signal: AbortSignal): Promise<Finding> {
  try {
    const user = await getUser(conn, conn.userId, signal);
    const name = fullName(user);
    return {
      ok: true,
      text: `Access token accepted for ${name ? `${name} (${conn.userId})` : conn.userId}.`,
      userConfirmed: true,
    };
  } catch (error) {
    stillWanted(signal);
    if (isUnauthorized(error)) {
      return {
        ok: false,
        text: 'The access token was not accepted: it may have expired.',
        tokenRefused: 'the service did not accept the access token.',
      };
    }
    if (isApiError(error) && error.status === 403) {
      return {
        ok: false,
        text: `The access token is not for the user ID “${conn.userId}”.`,
        tokenRefused: `the access token belongs to another user, not to “${conn.userId}”.`,
      };
    }
    if (isApiError(error) && error.code === 'user_not_found') {
      return { ok: false, text: `The service has no user with the ID “${conn.userId}”.` };
    }
    return { ok: false, text: `The access token could not be checked: ${whyNot(error)}.` };
  }
}
