// @vitest-environment node
/** CONTRACT B5: order returns, and the Idempotency-Key. */
import { describe, expect, test } from 'vitest';
import type { OrderReturn } from '@/api/schemas/order-return';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import {
  OVERSIZED_JSON,
  PICKUP_ADDRESS,
  TOKENS,
  call,
  expectError,
  okOrder,
  okReturn,
  paise,
  setupContractService,
} from './harness';

const h = setupContractService();
const DAY = 86_400_000;

const tshirt = RETURN_ONE_TSHIRT.return_items[0]!;
const mug = {
  product_id: 'prod_mug',
  sku: 'MUG-WHT',
  quantity: 1,
  resolution: 'replacement',
  return_reason: 'Chipped',
};

const postReturn = (
  order: string,
  body: unknown,
  token: string = TOKENS.asha,
  idempotencyKey?: string,
) => call('POST', `/orders/${order}/return`, { token, body, idempotencyKey });

const returnable = async (order: string, sku: string, token: string = TOKENS.asha) => {
  const read = okOrder(await call('GET', `/orders/${order}`, { token }));
  return read.order_items.find((i) => i.sku === sku)!.returnable_quantity;
};

const returnCount = () => Object.keys(h.repo.read().returns).length;

/** Tax contained in a tax-inclusive amount, rounded half away from zero once. */
const inclusiveTax = (amount: number, rate: number) => Math.round((amount * rate) / (100 + rate));

function expectTotals(ret: OrderReturn) {
  expect(paise(ret.shipping_amount)).toBe(0);
  expect(paise(ret.subtotal) + paise(ret.total_tax) + paise(ret.shipping_amount)).toBe(
    paise(ret.grand_total),
  );
  const lines = ret.return_items.map((i) => paise(i.selling_price) * i.quantity);
  expect(paise(ret.grand_total)).toBe(lines.reduce((a, b) => a + b, 0));
  expect(paise(ret.total_tax)).toBe(
    ret.return_items.reduce(
      (sum, i) => sum + inclusiveTax(paise(i.selling_price) * i.quantity, i.tax_rate),
      0,
    ),
  );
}

describe('a new return', () => {
  test('has every field as CONTRACT B5 describes', async () => {
    const order = okOrder(await call('GET', '/orders/ORD-1001', { token: TOKENS.asha }));
    const started = Date.now();
    const ret = okReturn(
      await postReturn('ORD-1001', { return_items: [{ ...tshirt, quantity: 2 }, mug] }),
    );
    expect(ret.request_number).toMatch(/^RET-\d{6}$/);
    expect(ret.status).toBe('created');
    expect(ret.created_at.endsWith('Z')).toBe(true);
    expect(Date.parse(ret.created_at)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(ret.created_at)).toBeLessThanOrEqual(Date.now());
    expect(ret).toMatchObject({
      approved_at: null,
      shipped_at: null,
      received_at: null,
      original_order_number: 'ORD-1001',
      original_order_delivered_at: order.delivered_at,
      replacement_order_number: null,
      replacement_order_date: null,
      // a number, not null: B3 allows null only for timestamps and strings
      replacement_order_amount: 0,
    });
    // response form of each item comes from the order line
    for (const item of ret.return_items) {
      const line = order.order_items.find((l) => l.sku === item.sku)!;
      expect(item).toMatchObject({
        product_id: line.product_id,
        product_name: line.product_name,
        product_image_url: line.product_image_url,
        selling_price: line.selling_price,
        tax_type: line.tax_type,
        tax_rate: line.tax_rate,
      });
    }
    expect(ret.return_items.map((i) => [i.sku, i.quantity, i.resolution, i.return_reason])).toEqual(
      [
        ['TSHIRT-BLU-M', 2, 'refund', 'Too small'],
        ['MUG-WHT', 1, 'replacement', 'Chipped'],
      ],
    );
    expectTotals(ret);
    // one refund entry, for the refunded items only, to the payment gateway of a prepaid order
    expect(ret.refund).toHaveLength(1);
    expect(ret.refund[0]).toMatchObject({
      request_number: ret.request_number,
      status: 'pending',
      payment_mode: 'PaymentGateway',
      refund_date: null,
    });
    expect(paise(ret.refund[0]!.refund_amount)).toBe(2 * 79_900);
  });

  test('only replacements: no refund entry', async () => {
    const ret = okReturn(await postReturn('ORD-1001', { return_items: [mug] }));
    expect(ret.refund).toEqual([]);
    expectTotals(ret);
  });

  test('request numbers are unique', async () => {
    const a = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT));
    const b = okReturn(await postReturn('ORD-1001', { return_items: [mug] }));
    const c = okReturn(await postReturn('ORD-2001', RETURN_ONE_TSHIRT, TOKENS.vikram));
    expect(new Set([a.request_number, b.request_number, c.request_number]).size).toBe(3);
  });

  test('the pickup address: the given one, or the order’s when null or absent', async () => {
    const given = okReturn(
      await postReturn('ORD-1001', { ...RETURN_ONE_TSHIRT, shipping_address: PICKUP_ADDRESS }),
    );
    expect(h.repo.read().returns[given.request_number]!.pickup_address).toMatchObject(
      PICKUP_ADDRESS,
    );
    const absent = okReturn(await postReturn('ORD-1001', { return_items: [mug] }));
    expect(h.repo.read().returns[absent.request_number]!.pickup_address).toEqual(
      h.repo.read().orders['ORD-1001']!.shipping_address,
    );
  });

  test('unicode reasons are kept', async () => {
    const reason = 'साइज़ छोटा है 👕 — trop petit';
    const ret = okReturn(
      await postReturn('ORD-1001', { return_items: [{ ...tshirt, return_reason: reason }] }),
    );
    expect(ret.return_items[0]!.return_reason).toBe(reason);
  });

  test('the 500-character limit counts characters, not UTF-16 units', async () => {
    const reason = '📦'.repeat(500);
    const ret = okReturn(
      await postReturn('ORD-1001', { return_items: [{ ...tshirt, return_reason: reason }] }),
    );
    expect(ret.return_items[0]!.return_reason).toBe(reason);
  });
});

describe('what can be returned', () => {
  test('an order not yet delivered: order_not_returnable', async () => {
    const before = h.snapshot();
    expectError(
      await postReturn('ORD-1002', {
        return_items: [{ ...tshirt, product_id: 'prod_kurta', sku: 'KURTA-LIN-L' }],
      }),
      422,
      'order_not_returnable',
    );
    expect(h.snapshot()).toBe(before);
  });

  test('an order delivered 45 days ago: the window is closed', async () => {
    const before = h.snapshot();
    expectError(
      await postReturn('ORD-1003', { return_items: [{ ...mug, quantity: 1 }] }),
      422,
      'order_not_returnable',
    );
    expect(h.snapshot()).toBe(before);
  });

  test('the window is 30 days from delivery', async () => {
    const deliver = (ago: number) =>
      h.edit((s) => {
        s.orders['ORD-1001']!.delivered_at = new Date(Date.now() - ago).toISOString();
      });
    deliver(30 * DAY - 60_000);
    okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT));
    deliver(30 * DAY + 60_000);
    expectError(await postReturn('ORD-1001', RETURN_ONE_TSHIRT), 422, 'order_not_returnable');
  });

  test('an item not in the order names its field', async () => {
    for (const wrong of [
      { ...mug, sku: 'SOCKS-BAM-3' },
      { ...mug, product_id: 'prod_tshirt' }, // a real SKU under another product
    ]) {
      const body = expectError(
        await postReturn('ORD-1001', { return_items: [tshirt, wrong] }),
        422,
        'item_not_in_order',
      );
      expect(body.errors).toContainEqual(expect.objectContaining({ field: 'return_items.1.sku' }));
    }
    expect(returnCount()).toBe(0);
  });

  test('returnable_quantity goes down with each return; more is refused', async () => {
    expect(await returnable('ORD-1001', 'TSHIRT-BLU-M')).toBe(2);
    expectError(
      await postReturn('ORD-1001', { return_items: [{ ...tshirt, quantity: 3 }] }),
      422,
      'return_quantity_exceeded',
    );
    okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT));
    expect(await returnable('ORD-1001', 'TSHIRT-BLU-M')).toBe(1);
    expect(await returnable('ORD-1001', 'MUG-WHT')).toBe(1);
    const over = expectError(
      await postReturn('ORD-1001', { return_items: [{ ...tshirt, quantity: 2 }] }),
      422,
      'return_quantity_exceeded',
    );
    expect(over.errors).toContainEqual(
      expect.objectContaining({ field: 'return_items.0.quantity' }),
    );
    okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT));
    expect(await returnable('ORD-1001', 'TSHIRT-BLU-M')).toBe(0);
    expectError(await postReturn('ORD-1001', RETURN_ONE_TSHIRT), 422, 'return_quantity_exceeded');
    // staff see the same numbers
    expect(await returnable('ORD-1001', 'TSHIRT-BLU-M', TOKENS.staff)).toBe(0);
  });

  test.each(['cancelled', 'rejected'] as const)(
    'a %s return gives its quantity back',
    async (status) => {
      const ret = okReturn(
        await postReturn('ORD-1001', { return_items: [{ ...tshirt, quantity: 2 }] }),
      );
      expect(await returnable('ORD-1001', 'TSHIRT-BLU-M')).toBe(0);
      h.edit((state) => {
        state.returns[ret.request_number]!.status = status;
      });
      expect(await returnable('ORD-1001', 'TSHIRT-BLU-M')).toBe(2);
      okReturn(await postReturn('ORD-1001', { return_items: [{ ...tshirt, quantity: 2 }] }));
      expect(await returnable('ORD-1001', 'TSHIRT-BLU-M')).toBe(0);
    },
  );

  test('a refused item refuses the whole request: nothing is created', async () => {
    const before = h.snapshot();
    expectError(
      await postReturn('ORD-1001', { return_items: [mug, { ...tshirt, quantity: 5 }] }),
      422,
      'return_quantity_exceeded',
    );
    expect(h.snapshot()).toBe(before);
    expect(await returnable('ORD-1001', 'MUG-WHT')).toBe(1);
  });
});

describe('who can return', () => {
  test('someone else’s order is not found, for reading and returning', async () => {
    expectError(await postReturn('ORD-2001', RETURN_ONE_TSHIRT), 404, 'order_not_found');
    expectError(
      await call('GET', '/orders/ORD-2001', { token: TOKENS.asha }),
      404,
      'order_not_found',
    );
    expectError(
      await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.vikram),
      404,
      'order_not_found',
    );
    expect(returnCount()).toBe(0);
  });

  test('staff can return any customer’s order; a COD refund is not to the gateway', async () => {
    const ret = okReturn(await postReturn('ORD-2001', RETURN_ONE_TSHIRT, TOKENS.staff));
    expect(ret.original_order_number).toBe('ORD-2001');
    expect(ret.refund).toHaveLength(1);
    expect(ret.refund[0]!.payment_mode).not.toBe('PaymentGateway');
    expect(await returnable('ORD-2001', 'TSHIRT-BLU-M', TOKENS.vikram)).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  test('the same key from the same caller returns the first return and creates nothing', async () => {
    const first = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'k-1'));
    const state = h.snapshot();
    const second = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'k-1'));
    expect(second).toEqual(first);
    expect(h.snapshot()).toBe(state);
    expect(returnCount()).toBe(1);
    expect(await returnable('ORD-1001', 'TSHIRT-BLU-M')).toBe(1);
  });

  test('a different key, or no key, makes a new return', async () => {
    const a = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'k-a'));
    const b = okReturn(await postReturn('ORD-1001', { return_items: [mug] }, TOKENS.asha, 'k-b'));
    const c = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT));
    expect(new Set([a, b, c].map((r) => r.request_number)).size).toBe(3);
    expect(returnCount()).toBe(3);
  });

  test('the same key from another caller is another request', async () => {
    const asha = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'shared'));
    const staff = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.staff, 'shared'));
    expect(staff.request_number).not.toBe(asha.request_number);
    expect(returnCount()).toBe(2);
  });

  test('a refused request does not use up its key', async () => {
    expectError(
      await postReturn(
        'ORD-1001',
        { return_items: [{ ...tshirt, quantity: 3 }] },
        TOKENS.asha,
        'k-r',
      ),
      422,
      'return_quantity_exceeded',
    );
    const ret = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'k-r'));
    expect(ret.return_items[0]!.quantity).toBe(1);
    expect(returnCount()).toBe(1);
  });

  // what comes before the key (store, credential) is all that can refuse a repeat: the app
  // takes any other refusal as "nothing was made under this key" (isRefusedBeforeKey)
  test('a repeat whose body fails the schema answers with the first return (not 400)', async () => {
    const first = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'k-bad'));
    const state = h.snapshot();
    const again = await postReturn('ORD-1001', { return_items: [] }, TOKENS.asha, 'k-bad');
    expect(okReturn(again)).toEqual(first);
    expect(h.snapshot()).toBe(state);
  });

  test('a repeat whose body is over 64 KiB answers with the first return (not 413)', async () => {
    const first = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'k-big'));
    const again = await call('POST', '/orders/ORD-1001/return', {
      token: TOKENS.asha,
      rawBody: OVERSIZED_JSON,
      idempotencyKey: 'k-big',
    });
    expect(okReturn(again).request_number).toBe(first.request_number);
    expect(returnCount()).toBe(1);
  });

  test('a key used by nobody yet still has its body checked', async () => {
    expectError(
      await postReturn('ORD-1001', { return_items: [] }, TOKENS.asha, 'k-new'),
      400,
      'validation_error',
    );
    expect(returnCount()).toBe(0);
  });

  test('a retry after a failed (500) attempt creates exactly one return', async () => {
    h.faults.set({ failNext: 1 });
    expectError(
      await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'k-retry'),
      500,
      'internal_error',
    );
    const first = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'k-retry'));
    const retry = okReturn(await postReturn('ORD-1001', RETURN_ONE_TSHIRT, TOKENS.asha, 'k-retry'));
    expect(retry.request_number).toBe(first.request_number);
    expect(returnCount()).toBe(1);
  });
});
