// @vitest-environment node
/**
 * The client's response schemas take what the contract allows and refuse what it rules out
 * (CONTRACT B3: money is never null, points and quantities are integers, strings with no value
 * are null). Each case changes one field of a real answer of the demo service.
 */
import { describe, expect, it } from 'vitest';
import { MemoryRepository } from '@/mocks/persistence';
import { StorefrontService } from '@/mocks/service/service';
import { cartSchema } from './cart';
import { orderSchema } from './order';
import { userSchema } from './user';

const ASHA = { role: 'customer' as const, userId: 'cus_1001' };

function answers() {
  const service = new StorefrontService(new MemoryRepository());
  return {
    cart: service.linkCustomer('cart_1001', { customer_id: 'cus_1001' }),
    user: service.getUser('cus_1001'),
    order: service.getOrder(ASHA, 'ORD-1001'),
  };
}

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
