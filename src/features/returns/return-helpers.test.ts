import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import type { Order } from '@/api/schemas/order';
import { chosenEntries, estimateRefund } from './refund-estimate';
import { isDefiniteRefusal, landRefusal } from './refusals';
import { paymentModeLabel } from './return-status';
import {
  EMPTY_DRAFT,
  type ReturnDraft,
  draftKey,
  readDraft,
  settleSubmission,
} from './return-draft';
import type { AddressValues, ItemLineValues, ItemsValues } from './return-form';
import { addressStepSchema, toCreateReturnBody } from './return-form';
import { whyNotReturnable } from './returnability';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2025-06-30T12:00:00.000Z');

function order(overrides: Partial<Order> = {}): Order {
  return {
    order_number: 'ORD-9',
    order_date: '2025-06-01T00:00:00.000Z',
    status: 'delivered',
    delivered_at: new Date(NOW - 5 * DAY).toISOString(),
    payment_mode: 'Prepaid',
    currency: { name: 'Indian Rupee', code: 'INR', symbol: '₹' },
    shipping_address: {
      id: null,
      first_name: 'A',
      last_name: null,
      country_code: null,
      phone: '9876543210',
      email: null,
      address_line1: 'x',
      address_line2: null,
      landmark: null,
      pincode: '560001',
      city: 'c',
      state: 's',
      country: 'India',
      tax_identification_number: null,
      business_name: null,
    },
    grand_total: 100,
    order_items: [
      {
        product_id: 'p1',
        variant_id: null,
        product_name: 'One',
        variant_name: null,
        product_image_url: null,
        sku: 'A',
        quantity: 3,
        selling_price: 19.99,
        tax_type: 'GST',
        tax_rate: 5,
        returnable_quantity: 3,
      },
      {
        product_id: 'p2',
        variant_id: null,
        product_name: 'Two',
        variant_name: null,
        product_image_url: null,
        sku: 'B',
        quantity: 1,
        selling_price: 0.1,
        tax_type: 'GST',
        tax_rate: 5,
        returnable_quantity: 1,
      },
    ],
    ...overrides,
  };
}

const line = (over: Partial<ItemLineValues>): ItemLineValues => ({
  sku: 'A',
  product_id: 'p1',
  selected: true,
  quantity: '1',
  reason: 'too_small',
  otherReason: '',
  resolution: 'refund',
  ...over,
});

describe('refund estimate', () => {
  it('adds in whole paise, not floats', () => {
    // as floats 19.99 * 3 + 0.1 = 60.07000000000001
    const items: ItemsValues = {
      lines: [line({ quantity: '3' }), line({ sku: 'B', product_id: 'p2' })],
    };
    expect(estimateRefund(order(), chosenEntries(order(), items)).refundPaise).toBe(6007);
  });

  it('counts replacements as items but not as refund', () => {
    const items: ItemsValues = {
      lines: [
        line({ quantity: '2', resolution: 'replacement' }),
        line({ sku: 'B', product_id: 'p2' }),
      ],
    };
    const e = estimateRefund(order(), chosenEntries(order(), items));
    expect(e.count).toBe(3);
    expect(e.refundPaise).toBe(10);
  });

  it('leaves out a line whose quantity the form would not send', () => {
    // A: 3 can be returned, B: 1
    const items: ItemsValues = {
      lines: [line({ quantity: '5' }), line({ sku: 'B', product_id: 'p2' })],
    };
    const e = estimateRefund(order(), chosenEntries(order(), items));
    expect(e.count).toBe(1);
    expect(e.refundPaise).toBe(10);

    const upToTheLimit: ItemsValues = { lines: [line({ quantity: '3' })] };
    expect(estimateRefund(order(), chosenEntries(order(), upToTheLimit)).refundPaise).toBe(5997);
  });

  it('leaves out a line the service has since said cannot be returned', () => {
    const [a, b] = order().order_items;
    // after a refusal the order is read again: A is now all in another return
    const now = order({ order_items: [{ ...a!, returnable_quantity: 0 }, b!] });
    const items: ItemsValues = {
      lines: [line({ quantity: '1' }), line({ sku: 'B', product_id: 'p2' })],
    };
    const e = estimateRefund(now, chosenEntries(now, items));
    expect(e.count).toBe(1);
    expect(e.refundPaise).toBe(10);
  });

  it('a return of replacements only has no refund, rather than a refund of ₹0.00', () => {
    const items: ItemsValues = {
      lines: [line({ quantity: '2', resolution: 'replacement' })],
    };
    const e = estimateRefund(order(), chosenEntries(order(), items));
    expect(e.count).toBe(2);
    expect(e.anyRefund).toBe(false);
    expect(estimateRefund(order(), chosenEntries(order(), { lines: [line({})] })).anyRefund).toBe(
      true,
    );
  });

  it('a refund with any price unknown is unknown, not the sum of the prices known', () => {
    // a request body's entries against an order that lacks one of its lines
    const entries = [
      { sku: 'A', quantity: 1, resolution: 'refund' },
      { sku: 'GONE', quantity: 1, resolution: 'refund' },
    ];
    const e = estimateRefund(order(), entries);
    expect(e.anyRefund).toBe(true);
    expect(e.refundPaise).toBeNull();
    // an unknown price of a replacement does not matter: it is not refunded
    const withReplacement = estimateRefund(order(), [
      entries[0]!,
      { sku: 'GONE', quantity: 1, resolution: 'replacement' },
    ]);
    expect(withReplacement.refundPaise).toBe(1999);
    // no order at all: nothing is known
    expect(estimateRefund(undefined, entries).refundPaise).toBeNull();
  });
});

describe('pickup phone', () => {
  const address = (phone: string): AddressValues => ({
    pickup: 'other',
    address: {
      first_name: 'Asha',
      last_name: '',
      phone,
      email: '',
      address_line1: '5, MG Road',
      address_line2: '',
      landmark: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      country: 'India',
    },
  });
  const sentPhone = (phone: string) =>
    toCreateReturnBody({ lines: [line({})] }, address(phone)).body.shipping_address?.phone;

  it.each([
    '9876543210',
    '98765 43210',
    '+91 98765 43210',
    '+919876543210',
    '+91-98765-43210',
    '919876543210',
    '91 98765 43210',
    '098765-43210',
    '09876543210',
  ])('takes %s as the 10 digits 9876543210', (phone) => {
    expect(addressStepSchema.safeParse(address(phone)).success).toBe(true);
    expect(sentPhone(phone)).toBe('9876543210');
  });

  it.each([
    '12345',
    '+92 98765 43210',
    '+1 98765 43210',
    '+91 98765 4321',
    '+91 098765 43210',
    '91987654321',
    '0098765 43210',
    '9876543210 x',
    '+91',
  ])('refuses %s with the 10-digit message', (phone) => {
    const parsed = addressStepSchema.safeParse(address(phone));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['address', 'phone'],
        message: 'Enter a 10-digit phone number',
      }),
    ]);
  });
});

describe('returnability', () => {
  it('follows the 30-day rule from the delivery date', () => {
    expect(whyNotReturnable(order(), NOW)).toBeNull();
    const old = order({ delivered_at: new Date(NOW - 31 * DAY).toISOString() });
    expect(whyNotReturnable(old, NOW)).toEqual({
      reason: 'window_closed',
      closedAt: new Date(NOW - DAY).toISOString(),
    });
    expect(whyNotReturnable(order({ status: 'shipped', delivered_at: null }), NOW)).toEqual({
      reason: 'not_delivered',
      status: 'shipped',
    });
  });

  it('is offered while any line can still be returned, and refused only when none can', () => {
    const [a, b] = order().order_items;
    const oneLeft = order({ order_items: [{ ...a!, returnable_quantity: 0 }, b!] });
    expect(whyNotReturnable(oneLeft, NOW)).toBeNull();
    const noneLeft = order({
      order_items: [
        { ...a!, returnable_quantity: 0 },
        { ...b!, returnable_quantity: 0 },
      ],
    });
    expect(whyNotReturnable(noneLeft, NOW)).toEqual({ reason: 'nothing_left' });
  });
});

describe('refusal landing', () => {
  it('maps return_items.N back to the line on the screen, past unchosen lines', () => {
    const items: ItemsValues = {
      lines: [line({ selected: false }), line({ sku: 'B', product_id: 'p2', quantity: '2' })],
    };
    const { lineIndex } = toCreateReturnBody(items, {
      pickup: 'delivery',
      address: {
        first_name: '',
        last_name: '',
        phone: '',
        email: '',
        address_line1: '',
        address_line2: '',
        landmark: '',
        city: '',
        state: '',
        pincode: '',
        country: '',
      },
    });
    const error = new ApiError({
      status: 422,
      code: 'return_quantity_exceeded',
      message: 'Only 1 of Two can be returned.',
      fieldErrors: [{ field: 'return_items.0.quantity', message: 'at most 1 can be returned' }],
      details: { sku: 'B', returnable_quantity: 1 },
    });
    expect(landRefusal(error, 'ORD-9', items, lineIndex)).toMatchObject({
      step: 'items',
      // in the app's words, not the service's "Only 1 of Two can be returned."
      message:
        'The store did not accept this return. Fewer can be returned than you chose: part of it may have been returned since. Correct the highlighted field and continue.',
      fields: [{ name: 'lines.1.quantity', message: 'Only 1 can be returned now' }],
    });
  });

  it('puts a reason error on the text box when the reason is "Other"', () => {
    const items: ItemsValues = { lines: [line({ reason: 'other', otherReason: 'x' })] };
    const error = new ApiError({
      status: 400,
      code: 'validation_error',
      message: 'The request body is not valid.',
      fieldErrors: [{ field: 'return_items.0.return_reason', message: 'too long' }],
    });
    expect(landRefusal(error, 'ORD-9', items, [0])?.fields).toEqual([
      { name: 'lines.0.otherReason', message: 'Too long.' },
    ]);
  });

  // which failures are the service's own refusal: src/api/outcome.test.ts. Beyond that, a
  // submission's refusal made before the service looked at the key is not definite. A definite
  // refusal lands on the step it concerns, with its message; one that is not lands nowhere (null)
  // and stays on the review as a request whose outcome is unknown
  const REFUSED = 'The store did not accept this return: X.';
  it.each([
    [0, 'network_error', null, null],
    [429, 'too_many_requests', null, null],
    [401, 'unauthorized', null, null],
    [404, 'store_not_found', null, null],
    [403, 'forbidden', 'review', REFUSED],
    // the reason is the order field's (below); the step's alert says only what happened
    [404, 'order_not_found', 'order', 'The store did not accept this return.'],
    [422, 'return_quantity_exceeded', 'review', REFUSED],
  ])('a %i %s lands on the step: %s', (status, code, step, message) => {
    const error = new ApiError({ status, code, message: 'x' });
    expect(isDefiniteRefusal(error)).toBe(step !== null);
    const landed = landRefusal(error, 'ORD-9', { lines: [line({})] }, [0]);
    expect(landed && { step: landed.step, message: landed.message }).toEqual(
      step === null ? null : { step, message },
    );
  });

  it('tells staff an order_not_found is not in the store, not on their account', () => {
    const error = new ApiError({ status: 404, code: 'order_not_found', message: 'x' });
    const landed = landRefusal(error, 'ORD-9', { lines: [line({})] }, [0], true);
    expect(landed?.message).toBe('The store did not accept this return.');
    expect(landed?.fields).toEqual([
      { name: 'orderNumber', message: "We couldn't find that order in this store." },
    ]);
  });
});

describe('settling a draft', () => {
  const sent: ReturnDraft = {
    ...EMPTY_DRAFT,
    orderInput: 'ORD-9',
    orderNumber: 'ORD-9',
    submission: {
      key: 'key-1',
      unconfirmed: {
        orderNumber: 'ORD-9',
        body: {
          return_items: [
            { product_id: 'p', sku: 's', quantity: 1, resolution: 'refund', return_reason: 'x' },
          ],
          shipping_address: null,
        },
        lineIndex: [0],
      },
    },
  };

  it('records the return made under the draft’s own key, and nothing for another key', () => {
    sessionStorage.setItem(draftKey('u1'), JSON.stringify(sent));
    settleSubmission('u1', 'key-2', 'RET-000002');
    expect(readDraft('u1')).toEqual(sent);
    settleSubmission('u2', 'key-1', 'RET-000002');
    expect(readDraft('u1')).toEqual(sent);

    settleSubmission('u1', 'key-1', 'RET-000001');
    expect(readDraft('u1').submission).toEqual({
      key: 'key-1',
      unconfirmed: null,
      created: 'RET-000001',
    });
    sessionStorage.clear();
  });
});

describe('payment mode labels', () => {
  it('names the refund method in words that fit the customer and a cashier alike', () => {
    expect(paymentModeLabel('PaymentGateway')).toBe('The original payment method');
    expect(paymentModeLabel('BankTransfer')).toBe('Bank transfer');
    // a mode from a newer service is shown as sent
    expect(paymentModeLabel('StoreCredit')).toBe('StoreCredit');
  });
});
