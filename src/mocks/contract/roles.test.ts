// @vitest-environment node
/**
 * CONTRACT B2: each operation with no credential, a wrong one, a customer, another customer and
 * staff; and an unknown store id answered 404 store_not_found on every operation before auth.
 */
import { describe, expect, test } from 'vitest';
import {
  API_KEY,
  FULL_PREFERENCES,
  OPERATIONS,
  TOKENS,
  call,
  expectError,
  type CallOptions,
  type Operation,
  setupContractService,
} from './harness';
import { NO_CUSTOMER_ADDRESS } from '../service/cart-math';

const h = setupContractService();

type Caller = 'none' | 'wrong' | 'customer' | 'other customer' | 'staff';
type Outcome = 200 | readonly [number, string];

const DENY_401 = [401, 'unauthorized'] as const;
const DENY_403 = [403, 'forbidden'] as const;
const HIDDEN = [404, 'order_not_found'] as const;

/**
 * Who may do what. "customer" is the customer the operation concerns (the user in the path, the
 * owner of the order); for POS operations, simply a customer.
 */
const MATRIX: Record<
  number,
  {
    customer: string;
    other: string;
    outcomes: Record<Caller, Outcome>;
    /** What `content` holds on a 200: the record the path names, whoever is allowed to ask. */
    content?: Record<string, unknown>;
  }
> = {
  // user operations: only that user
  1: {
    customer: TOKENS.vikram,
    other: TOKENS.asha,
    outcomes: user(),
    content: { notification_preferences: FULL_PREFERENCES },
  },
  2: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: user(),
    // Asha's stored preferences with the one change merged in
    content: {
      notification_preferences: {
        transactional: { email: true, sms: true, whatsapp: true },
        promotional: { email: true, sms: true, whatsapp: false },
        newsletter: { email: true, sms: false, whatsapp: false },
      },
    },
  },
  10: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: user(),
    content: { user: { id: 'cus_1001', first_name: 'Asha', email: 'asha@example.com' } },
  },
  // POS operations: staff only
  3: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: pos(),
    content: { cart: { id: 'cart_1001', billing_address: { first_name: 'Asha' } } },
  },
  4: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: pos(),
    content: { cart: { id: 'cart_1001', loyalty_points_redeemed: 100 } },
  },
  8: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: pos(),
    content: { cart: { id: 'cart_1001', billing_address: NO_CUSTOMER_ADDRESS } },
  },
  9: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: pos(),
    content: { cart: { id: 'cart_1001', loyalty_points_redeemed: 0 } },
  },
  // orders: the owner or staff; anyone else does not see it
  6: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: order(),
    content: {
      order_return: {
        original_order_number: 'ORD-1001',
        status: 'created',
        return_items: [{ sku: 'TSHIRT-BLU-M', quantity: 1 }],
      },
    },
  },
  11: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: order(),
    content: { order: { order_number: 'ORD-1001', status: 'delivered' } },
  },
  // the API key, whoever is signed in; a Bearer token is not the API key
  5: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: {
      none: DENY_401,
      wrong: DENY_401,
      customer: DENY_401,
      'other customer': DENY_401,
      staff: DENY_401,
    },
  },
  // no credential at all
  7: {
    customer: TOKENS.asha,
    other: TOKENS.vikram,
    outcomes: { none: 200, wrong: 200, customer: 200, 'other customer': 200, staff: 200 },
    content: { store_config: { brand: { name: 'Indigo Threads' } } },
  },
};

function user(): Record<Caller, Outcome> {
  return {
    none: DENY_401,
    wrong: DENY_401,
    customer: 200,
    'other customer': DENY_403,
    staff: DENY_403,
  };
}
function pos(): Record<Caller, Outcome> {
  return {
    none: DENY_401,
    wrong: DENY_401,
    customer: DENY_403,
    'other customer': DENY_403,
    staff: 200,
  };
}
function order(): Record<Caller, Outcome> {
  return { none: DENY_401, wrong: DENY_401, customer: 200, 'other customer': HIDDEN, staff: 200 };
}

/** The credential a caller sends, on top of the operation's valid body. */
function credentialOf(op: Operation, caller: Caller): CallOptions {
  const row = MATRIX[op.n]!;
  const body = op.ok.body;
  switch (caller) {
    case 'none':
      return { body };
    case 'wrong':
      return op.credential === 'api-key'
        ? { body, apiKey: 'not-the-key' }
        : { body, token: 'not-a-token' };
    case 'customer':
      return { body, token: row.customer };
    case 'other customer':
      return { body, token: row.other };
    case 'staff':
      return { body, token: TOKENS.staff };
  }
}

const CALLERS: Caller[] = ['none', 'wrong', 'customer', 'other customer', 'staff'];
const ROWS = OPERATIONS.flatMap((op) =>
  CALLERS.map((caller) => [op.n, caller, op, MATRIX[op.n]!.outcomes[caller]] as const),
);

describe('role matrix', () => {
  test('covers every operation', () => {
    expect(
      Object.keys(MATRIX)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(OPERATIONS.map((op) => op.n).sort((a, b) => a - b));
  });

  test.each(ROWS)('op %i, %s', async (_n, caller, op, outcome) => {
    await op.prepare?.();
    const before = h.snapshot();
    const reply = await call(op.method, op.path, credentialOf(op, caller));
    if (outcome === 200) {
      expect(reply.status, JSON.stringify(reply.json)).toBe(200);
      expect(reply.json).toMatchObject({ success: true, content: MATRIX[op.n]!.content });
      return;
    }
    const [status, code] = outcome;
    expectError(reply, status, code);
    expect(reply.headers.get('www-authenticate')).toBe(
      status === 401 && op.credential === 'bearer' ? 'Bearer' : null,
    );
    expect(h.snapshot()).toBe(before);
  });

  test.each([
    ['no scheme', TOKENS.staff],
    ['Basic scheme', `Basic ${TOKENS.staff}`],
    ['scheme only', 'Bearer'],
    ['two tokens', `Bearer ${TOKENS.staff} ${TOKENS.asha}`],
    ['empty', ''],
  ])('a malformed Authorization header (%s) is 401 with WWW-Authenticate', async (_w, header) => {
    const reply = await call('GET', '/pos/carts/cart_1001', { authorization: header });
    expectError(reply, 401, 'unauthorized');
    expect(reply.headers.get('www-authenticate')).toBe('Bearer');
  });

  test('the Bearer scheme name is case-insensitive', async () => {
    const reply = await call('GET', '/pos/carts/cart_1001', {
      authorization: `bearer ${TOKENS.staff}`,
    });
    expect(reply.status).toBe(200);
  });

  test('the API key is compared exactly', async () => {
    for (const apiKey of [API_KEY.toUpperCase(), ` ${API_KEY}x`, `${API_KEY}-2`]) {
      expectError(await call('GET', '/pos/locations', { apiKey }), 401, 'unauthorized');
    }
  });
});

describe('unknown store id', () => {
  const STORES = ['other-store', 'Demo-Store', 'demo-store-2', 'constructor'];

  test.each(OPERATIONS.map((op) => [op.n, op.name, op] as const))(
    'op %i (%s): 404 store_not_found before auth and before the body',
    async (_n, _name, op) => {
      const before = h.snapshot();
      for (const store of STORES) {
        // with the right credential, with none, and with a broken body
        expectError(await call(op.method, op.path, { ...op.ok, store }), 404, 'store_not_found');
        const bare = await call(op.method, op.path, { store });
        expectError(bare, 404, 'store_not_found');
        expect(bare.headers.get('www-authenticate')).toBeNull();
        if (op.ok.body !== undefined) {
          expectError(
            await call(op.method, op.path, { store, token: 'nope', rawBody: '{oops' }),
            404,
            'store_not_found',
          );
        }
      }
      expect(h.snapshot()).toBe(before);
    },
  );
});
