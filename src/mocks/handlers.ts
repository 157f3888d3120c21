import { HttpResponse, http, type HttpHandler } from 'msw';
import type { z } from 'zod/mini';
import {
  linkCustomerBodySchema,
  redeemBodySchema,
  type LinkCustomerBody,
} from '@/api/schemas/cart';
import { REPORT_INPUT, issuesToFieldErrors } from '@/api/schemas/issue-message';
import {
  createPreferencesBodySchema,
  updatePreferencesBodySchema,
} from '@/api/schemas/notification-preferences';
import { createReturnBodySchema } from '@/api/schemas/order-return';
import type { FaultController } from './faults';
import { ServiceError } from './service/errors';
import type { StorefrontService } from './service/service';

export const MAX_BODY_BYTES = 64 * 1024;

type Params = Record<string, string>;
interface Ctx {
  request: Request;
  params: Params;
}

function errorResponse(error: ServiceError, bearer: boolean) {
  const headers = new Headers();
  if (error.status === 401 && bearer) headers.set('WWW-Authenticate', 'Bearer');
  return HttpResponse.json(
    {
      success: false,
      message: error.message,
      code: error.code,
      ...(error.extra.errors ? { errors: error.extra.errors } : {}),
      ...(error.extra.details ? { details: error.extra.details } : {}),
    },
    { status: error.status, headers },
  );
}

/** Read and validate a JSON body: 413 over 64 KiB, 400 invalid_json, 400 validation_error. */
async function readBody<T>(request: Request, schema: z.ZodMiniType<T>): Promise<T> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) {
    throw new ServiceError(413, 'payload_too_large', 'The request body is larger than 64 KiB.');
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) {
    throw new ServiceError(413, 'payload_too_large', 'The request body is larger than 64 KiB.');
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ServiceError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new ServiceError(400, 'invalid_json', 'The request body must be a JSON object.');
  }
  const parsed = schema.safeParse(json, REPORT_INPUT);
  if (!parsed.success) {
    throw new ServiceError(400, 'validation_error', 'The request body is not valid.', {
      errors: issuesToFieldErrors(parsed.error.issues),
    });
  }
  return parsed.data;
}

/**
 * Thin HTTP adapters over the StorefrontService: store check, faults, error mapping and the
 * success envelope live here once; each operation only says what it reads and calls.
 */
export function createHandlers(
  service: StorefrontService,
  faults: FaultController,
  /** Answer only for this origin ('*' = any); the browser passes its own so a real API passes by. */
  origin = '*',
): HttpHandler[] {
  const BASE = `${origin}/api/v1/:storeId/storefront`;

  /** Store check and error mapping, shared by every answer under BASE; faults when asked. */
  async function guarded(
    params: Params,
    credential: 'none' | 'bearer' | 'api-key',
    injectFaults: boolean,
    answer: () => Promise<Response>,
  ): Promise<Response> {
    const outcome = injectFaults ? await faults.next() : 'ok';
    if (outcome === 'drop') return HttpResponse.error();
    try {
      if (outcome === 'fail') {
        throw new ServiceError(
          500,
          'internal_error',
          'Something went wrong on our side. Try again.',
        );
      }
      service.assertStore(params.storeId ?? '');
      return await answer();
    } catch (error) {
      if (error instanceof ServiceError) return errorResponse(error, credential === 'bearer');
      console.error('[demo service] unexpected failure', error);
      return errorResponse(
        new ServiceError(500, 'internal_error', 'Something went wrong on our side. Try again.'),
        false,
      );
    }
  }

  function op<T>(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    credential: 'none' | 'bearer' | 'api-key',
    contentKey: string,
    message: string,
    run: (ctx: Ctx) => T | Promise<T>,
  ) {
    return http[method](`${BASE}${path}`, ({ request, params }) =>
      guarded(params as Params, credential, true, async () => {
        const payload = await run({ request, params: params as Params });
        return HttpResponse.json({ success: true, message, content: { [contentKey]: payload } });
      }),
    );
  }

  /**
   * Last: any other path or method under BASE (and BASE itself). An unknown store is still
   * store_not_found; otherwise 404 not_found, word for word what the Node adapter answers outside
   * BASE. No faults: they count the app's operations, and a stray request must not use them up.
   */
  const notFound = [BASE, `${BASE}/*`].map((path) =>
    http.all(path, ({ request, params }) =>
      guarded(params as Params, 'none', false, () => {
        const { pathname } = new URL(request.url);
        throw new ServiceError(404, 'not_found', `Nothing answers ${request.method} ${pathname}.`);
      }),
    ),
  );

  const caller = (request: Request) => service.authenticate(request.headers.get('authorization'));
  const staff = (request: Request) => {
    const who = caller(request);
    service.requireStaff(who);
    return who;
  };
  const self = (request: Request, userId: string) => {
    const who = caller(request);
    service.requireSelf(who, userId);
    return who;
  };

  return [
    op('get', '/store/config', 'none', 'store_config', 'Store config', () => service.storeConfig()),

    op('get', '/pos/locations', 'api-key', 'locations', 'Locations', ({ request }) => {
      service.checkApiKey(request.headers.get('x-api-key'));
      return service.listLocations();
    }),

    op('get', '/pos/carts/:cartId', 'bearer', 'cart', 'Cart', ({ request, params }) => {
      staff(request);
      return service.getCart(params.cartId!);
    }),

    op(
      'post',
      '/pos/carts/:cartId/update-customer',
      'bearer',
      'cart',
      'Customer linked',
      async ({ request, params }) => {
        staff(request);
        const body = await readBody(request, linkCustomerBodySchema);
        return service.linkCustomer(params.cartId!, body as LinkCustomerBody);
      },
    ),

    op(
      'post',
      '/pos/carts/:cartId/loyalty-points',
      'bearer',
      'cart',
      'Loyalty points redeemed',
      async ({ request, params }) => {
        staff(request);
        const body = await readBody(request, redeemBodySchema);
        return service.redeemPoints(params.cartId!, body.loyalty_point_redeemed);
      },
    ),

    op(
      'delete',
      '/pos/carts/:cartId/loyalty-points',
      'bearer',
      'cart',
      'Loyalty redemption removed',
      ({ request, params }) => {
        staff(request);
        return service.removeRedemption(params.cartId!);
      },
    ),

    op('get', '/auth/user/:userId', 'bearer', 'user', 'User', ({ request, params }) => {
      self(request, params.userId!);
      return service.getUser(params.userId!);
    }),

    op(
      'post',
      '/auth/user/:userId/notification-preferences',
      'bearer',
      'notification_preferences',
      'Notification preferences created',
      async ({ request, params }) => {
        self(request, params.userId!);
        const body = await readBody(request, createPreferencesBodySchema);
        return service.createPreferences(params.userId!, body.notification_preferences);
      },
    ),

    op(
      'put',
      '/auth/user/:userId/notification-preferences',
      'bearer',
      'notification_preferences',
      'Notification preferences updated',
      async ({ request, params }) => {
        self(request, params.userId!);
        const body = await readBody(request, updatePreferencesBodySchema);
        return service.updatePreferences(params.userId!, body.notification_preferences);
      },
    ),

    op('get', '/orders/:orderNumber', 'bearer', 'order', 'Order', ({ request, params }) =>
      service.getOrder(caller(request), params.orderNumber!),
    ),

    op(
      'post',
      '/orders/:orderNumber/return',
      'bearer',
      'order_return',
      'order details',
      async ({ request, params }) => {
        const who = caller(request);
        const key = request.headers.get('idempotency-key');
        // a repeated key answers with the first return before the body is read (CONTRACT B5)
        const replayed = service.replayReturn(who, key);
        if (replayed) return replayed;
        const body = await readBody(request, createReturnBodySchema);
        return service.createReturn(who, params.orderNumber!, body, key);
      },
    ),

    ...notFound,
  ];
}
