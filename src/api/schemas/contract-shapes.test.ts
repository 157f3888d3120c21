// @vitest-environment node
/**
 * The client's response schemas take what the contract allows and refuse what it rules out
 * (CONTRACT B3: money is never null, points and quantities are integers, strings with no value
 * are null). Each case changes one field of a real answer of the demo service.
 */
import { describe, expect, it } from 'vitest';
import { MemoryRepository } from '@/mocks/persistence';
import { StorefrontService } from '@/mocks/service/service';
import { RETURN_ONE_TSHIRT } from '@/testing/fixtures';
import { cartSchema } from './cart';
import { orderSchema } from './order';
import { orderReturnSchema } from './order-return';
import { userSchema } from './user';

const ASHA = { role: 'customer' as const, userId: 'cus_1001' };

function answers() {
  const service = new StorefrontService(new MemoryRepository());
  return {
    cart: service.linkCustomer('cart_1001', { customer_id: 'cus_1001' }),
    user: service.getUser('cus_1001'),
    order: service.getOrder(ASHA, 'ORD-1001'),
    orderReturn: service.createReturn(ASHA, 'ORD-1001', RETURN_ONE_TSHIRT, null),
  };
}

describe("a cart's address with no one in it is no customer", () => {
  const { cart } = answers();
  const linked = cart.billing_address!;
  const blank = Object.fromEntries(
    Object.entries(linked).map(([k, v]) => [k, typeof v === 'boolean' ? false : null]),
  );
  const read = (address: unknown) =>
    cartSchema.parse({ ...cart, billing_address: address, shipping_address: address })
      .billing_address;

  it('an address with no ID, name, phone or email, or null, is read as none', () => {
    expect(read(blank)).toBeNull();
    // blanks and a country are no one to name or reach either
    expect(read({ ...blank, first_name: '  ', email: '', country: 'India' })).toBeNull();
    expect(read(null)).toBeNull();
  });

  it('one with a phone, an email, a name or an ID is a customer', () => {
    expect(read(linked)).toEqual(linked);
    for (const [key, value] of [
      ['phone', '9876543210'],
      ['email', 'asha@example.com'],
      ['last_name', 'Kumar'],
      ['id', 'addr_1'],
    ]) {
      expect(read({ ...blank, [key!]: value }), key).toMatchObject({ [key!]: value });
    }
  });
});

describe('a first name may be null (B3: a string with no value), as a real backend sends it', () => {
  it("the cart's addresses, the user and the order's address take first_name null", () => {
    const { cart, user, order } = answers();
    const noName = { ...cart.billing_address!, first_name: null, last_name: null };
    expect(
      cartSchema.safeParse({ ...cart, billing_address: noName, shipping_address: noName }).success,
    ).toBe(true);
    expect(userSchema.safeParse({ ...user, first_name: null }).success).toBe(true);
    expect(
      orderSchema.safeParse({
        ...order,
        shipping_address: { ...order.shipping_address, first_name: null },
      }).success,
    ).toBe(true);
  });

  it('an absent first name or a number is still refused', () => {
    const { user } = answers();
    const { first_name: _, ...noField } = user;
    expect(userSchema.safeParse(noField).success).toBe(false);
    expect(userSchema.safeParse({ ...user, first_name: 1 }).success).toBe(false);
  });
});

type Answers = ReturnType<typeof answers>;
type Sample = Record<string, unknown>;
const at = (obj: Sample, path: string): Sample =>
  path.split('.').reduce<Sample>((o, key) => o[key] as Sample, obj);

/**
 * [answer, path of the field's parent, field, value, taken]. Where the schema was looser than
 * the contract; each case with a value it must still take beside the ones it must refuse.
 */
const CASES: [keyof Answers, string, string, unknown, boolean][] = [
  // money is never null; no replacement order yet is 0
  ['orderReturn', '', 'replacement_order_amount', null, false],
  ['orderReturn', '', 'replacement_order_amount', 0, true],
  // an object and a number in the contract: a collect-in-store cart has 0 days
  ['cart', '', 'fulfillment_preference', null, false],
  ['cart', '', 'estimated_delivery_days', null, false],
  ['cart', '', 'estimated_delivery_days', 1.5, false],
  ['cart', '', 'estimated_delivery_days', -1, false],
  ['cart', '', 'estimated_delivery_days', 0, true],
  // subscription counts are integers; intervals and the minimum at least 1, limits 0 for none
  ['cart', 'cart_items.2.subscriptions.0', 'billing_interval', 0, false],
  ['cart', 'cart_items.2.subscriptions.0', 'billing_interval', 1.5, false],
  ['cart', 'cart_items.2.subscriptions.0', 'billing_interval', 1, true],
  ['cart', 'cart_items.2.subscriptions.0', 'order_interval', 0, false],
  ['cart', 'cart_items.2.subscriptions.0', 'order_interval', 2.5, false],
  ['cart', 'cart_items.2.subscriptions.0', 'billing_limit', -1, false],
  ['cart', 'cart_items.2.subscriptions.0', 'billing_limit', 0.5, false],
  ['cart', 'cart_items.2.subscriptions.0', 'billing_limit', 0, true],
  ['cart', 'cart_items.2.subscriptions.0', 'order_limit', -1, false],
  ['cart', 'cart_items.2.subscriptions.0', 'order_limit', 0, true],
  ['cart', 'cart_items.2.subscriptions.0', 'minimum_quantity', 0, false],
  ['cart', 'cart_items.2.subscriptions.0', 'minimum_quantity', 1.5, false],
  ['cart', 'cart_items.2.subscriptions.0', 'billing_trial_days', -1, false],
  ['cart', 'cart_items.2.subscriptions.0', 'billing_trial_days', 0.5, false],
  ['cart', 'cart_items.2.subscriptions.0', 'billing_trial_days', 0, true],
  // quantities are never negative; a returned quantity is at least 1 (B5)
  ['cart', 'cart_items.0', 'quantity', -1, false],
  ['cart', 'cart_items.0', 'free_quantity', -1, false],
  ['cart', 'cart_items.0', 'min_order_quantity', -1, false],
  ['cart', 'cart_items.0', 'max_order_quantity', -1, false],
  ['cart', 'cart_items.0', 'incremental_quantity', -1, false],
  ['order', 'order_items.0', 'quantity', -1, false],
  ['orderReturn', 'return_items.0', 'quantity', 0, false],
  ['orderReturn', 'return_items.0', 'quantity', -1, false],
  ['orderReturn', 'return_items.0', 'quantity', 1, true],
];
const SCHEMAS = {
  cart: cartSchema,
  order: orderSchema,
  orderReturn: orderReturnSchema,
  user: userSchema,
};

describe('money, counts and quantities as the contract has them (B3, B5)', () => {
  it('the demo service answers pass the tightened schemas as they are', () => {
    const all = answers();
    for (const key of Object.keys(SCHEMAS) as (keyof Answers)[]) {
      expect(SCHEMAS[key].safeParse(all[key]).error, key).toBeUndefined();
    }
    // the subscription the cases change is there
    expect(all.cart.cart_items[2]?.subscriptions).toHaveLength(1);
  });

  it.each(CASES)('%s %s.%s = %j: taken %s', (answer, parent, field, value, taken) => {
    const sample = structuredClone(answers()[answer]) as unknown as Sample;
    const owner = parent === '' ? sample : at(sample, parent);
    expect(Object.hasOwn(owner, field), 'the field is in the answer').toBe(true);
    owner[field] = value;
    expect(SCHEMAS[answer].safeParse(sample).success).toBe(taken);
  });
});
