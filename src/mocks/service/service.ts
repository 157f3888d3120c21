import type { LinkCustomerBody } from '@/api/schemas/cart';
import type { AddressInput } from '@/api/schemas/common';
import type { Location } from '@/api/schemas/location';
import type {
  NotificationPreferences,
  NotificationPreferencesPatch,
} from '@/api/schemas/notification-preferences';
import type { Order } from '@/api/schemas/order';
import type { CreateReturnBody, OrderReturn } from '@/api/schemas/order-return';
import { RETURN_WINDOW_DAYS } from '@/api/schemas/order-return';
import type { StoreConfig } from '@/api/schemas/store-config';
import type { User } from '@/api/schemas/user';
import { POINT_VALUE_PAISE, cartTotals, maxRedeemablePoints, presentCart } from './cart-math';
import { ServiceError } from './errors';
import { inclusiveTax, toRupees } from './money';
import { syntheticLocations } from './seed';
import type {
  AddressRecord,
  CartRecord,
  CustomerRecord,
  OrderRecord,
  ReturnRecord,
  ServiceState,
  TokenRecord,
} from './types';

/** Where the service keeps its state: memory in Node, localStorage in the browser. */
export interface StateRepository {
  /** The current state (reloaded if another tab changed it). */
  read(): ServiceState;
  /** Persist a change at once. */
  write(state: ServiceState): void;
  reset(): ServiceState;
}

export interface ServiceOptions {
  now?: () => number;
  /** Synthetic extra locations appended to the list (scale demos). */
  extraLocations?: number;
}

const DAY = 86_400_000;

/**
 * `record[key]` for the record's own keys only: ids come from URLs and bodies, and a plain
 * index would find `constructor`, `toString` or `__proto__` on Object.prototype.
 */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

const unauthorized = (message: string) => new ServiceError(401, 'unauthorized', message);
const notFound = (code: ConstructorParameters<typeof ServiceError>[1], message: string) =>
  new ServiceError(404, code, message);

/**
 * The storefront service's domain: every operation's rules over plain data. It knows nothing
 * of HTTP or MSW; handlers adapt requests to these methods.
 */
export class StorefrontService {
  private readonly now: () => number;
  private extraLocations: Location[] = [];

  constructor(
    private readonly repo: StateRepository,
    options: ServiceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.setExtraLocations(options.extraLocations ?? 0);
  }

  setExtraLocations(count: number) {
    this.extraLocations = syntheticLocations(Math.max(0, Math.min(count, 20_000)));
  }

  reset() {
    this.repo.reset();
  }

  /**
   * Run `fn` on a copy of the latest state and write the copy back only when `fn` returns, so a
   * request refused halfway (after, say, creating a customer) leaves the stored state untouched.
   */
  private mutate<T>(fn: (state: ServiceState) => T): T {
    const state = structuredClone(this.repo.read());
    const result = fn(state);
    this.repo.write(state);
    return result;
  }

  // ---- store and credentials (CONTRACT B2) ----

  assertStore(storeId: string) {
    if (storeId !== this.repo.read().storeId) {
      throw notFound('store_not_found', `No store with id "${storeId}".`);
    }
  }

  /** The caller behind an `Authorization` header; 401 when missing, malformed or unknown. */
  authenticate(authorization: string | null): TokenRecord {
    if (!authorization) throw unauthorized('Sign in: this operation needs an access token.');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".');
    const token = own(this.repo.read().tokens, match[1]!);
    if (!token) throw unauthorized('The access token is not valid for this store.');
    return token;
  }

  requireStaff(caller: TokenRecord) {
    if (caller.role !== 'staff') {
      throw new ServiceError(403, 'forbidden', 'Only store staff can use POS operations.');
    }
  }

  requireSelf(caller: TokenRecord, userId: string) {
    if (caller.userId !== userId) {
      throw new ServiceError(403, 'forbidden', 'You can only read or change your own account.');
    }
  }

  checkApiKey(apiKey: string | null) {
    if (!apiKey) throw unauthorized('This operation needs the store API key (X-Api-Key).');
    if (apiKey !== this.repo.read().apiKey)
      throw unauthorized('The API key is not valid for this store.');
  }

  // ---- op 7, op 5 ----

  storeConfig(): StoreConfig {
    return this.repo.read().storeConfig;
  }

  listLocations(): Location[] {
    const all = [...this.repo.read().locations, ...this.extraLocations];
    return [...all.filter((l) => l.is_default), ...all.filter((l) => !l.is_default)];
  }

  // ---- carts: ops 8, 3, 4, 9 ----

  private cartOf(state: ServiceState, cartId: string): CartRecord {
    const cart = own(state.carts, cartId);
    if (!cart) throw notFound('cart_not_found', `No cart with id "${cartId}".`);
    return cart;
  }

  private assertCartOpen(cart: CartRecord) {
    if (!cart.active) {
      throw new ServiceError(422, 'cart_inactive', 'This cart is no longer active.');
    }
    if (Date.parse(cart.expires_at) <= this.now()) {
      throw new ServiceError(422, 'cart_expired', 'This cart has expired.', {
        details: { expired_at: cart.expires_at },
      });
    }
  }

  private present(state: ServiceState, cart: CartRecord) {
    const customer = cart.customer_id ? (own(state.customers, cart.customer_id) ?? null) : null;
    return presentCart(cart, customer, state.storeConfig.currency);
  }

  getCart(cartId: string) {
    const state = this.repo.read();
    return this.present(state, this.cartOf(state, cartId));
  }

  linkCustomer(cartId: string, body: LinkCustomerBody) {
    return this.mutate((state) => {
      const cart = this.cartOf(state, cartId);
      // the customer is a resource the request names: one that does not exist is 404 before a
      // closed cart's 422 (docs/demo-service.md, order of checks); one made here for a new
      // phone or email goes with the refusal (mutate keeps nothing of a refused request)
      const customer = this.findOrCreateCustomer(state, body);
      this.assertCartOpen(cart);
      if (cart.customer_id !== customer.id) cart.loyalty_points_redeemed = 0;
      cart.customer_id = customer.id;
      return this.present(state, cart);
    });
  }

  private findOrCreateCustomer(state: ServiceState, body: LinkCustomerBody): CustomerRecord {
    // the store's staff are users (op 10) but not its customers (CONTRACT B2: a token has one
    // role): a cashier is never linked to a cart, by id, phone or email
    const staff = new Set(
      Object.values(state.tokens)
        .filter((t) => t.role === 'staff')
        .map((t) => t.userId),
    );
    const all = Object.values(state.customers).filter((c) => !staff.has(c.id));
    if ('customer_id' in body && body.customer_id !== undefined) {
      const found = staff.has(body.customer_id)
        ? undefined
        : own(state.customers, body.customer_id);
      if (!found)
        throw notFound('customer_not_found', `No customer with id "${body.customer_id}".`);
      return found;
    }
    const contact = body as Exclude<LinkCustomerBody, { customer_id: string }>;
    const { phone, email } = contact;
    const countryCode = contact.country_code ?? '+91';
    const found = phone
      ? all.find((c) => c.phone === phone && c.country_code === countryCode)
      : all.find((c) => c.email?.toLowerCase() === email?.toLowerCase());
    if (found) return found;
    state.counters.customer += 1;
    const created: CustomerRecord = {
      id: `cus_${state.counters.customer}`,
      // a name not given (or only spaces) is null, never "" (CONTRACT B3)
      first_name: contact.first_name?.trim() || null,
      last_name: contact.last_name?.trim() || null,
      email: email ?? null,
      phone: phone ?? null,
      country_code: countryCode,
      points: 0,
      is_phone_verified: false,
      is_email_verified: false,
      notification_preferences: null,
    };
    state.customers[created.id] = created;
    return created;
  }

  /** Points the customer can still redeem: balance minus what their other open carts hold. */
  private availablePoints(state: ServiceState, customer: CustomerRecord, exceptCartId: string) {
    const now = this.now();
    const held = Object.values(state.carts)
      .filter(
        (c) =>
          c.id !== exceptCartId &&
          c.customer_id === customer.id &&
          c.active &&
          Date.parse(c.expires_at) > now,
      )
      .reduce((sum, c) => sum + c.loyalty_points_redeemed, 0);
    return Math.max(0, customer.points - held);
  }

  redeemPoints(cartId: string, points: number) {
    return this.mutate((state) => {
      const cart = this.cartOf(state, cartId);
      this.assertCartOpen(cart);
      const customer = cart.customer_id ? own(state.customers, cart.customer_id) : undefined;
      if (!customer) {
        throw new ServiceError(
          422,
          'customer_required',
          'Link a customer before redeeming points.',
        );
      }
      const available = this.availablePoints(state, customer, cart.id);
      if (points > available) {
        throw new ServiceError(
          422,
          'insufficient_loyalty_points',
          `The customer has ${available} points available.`,
          { details: { available_points: available, requested_points: points } },
        );
      }
      const payable = cartTotals(cart).grandTotal - cart.credit_balance_used;
      if (points * POINT_VALUE_PAISE > payable) {
        const maxPoints = maxRedeemablePoints(cart);
        throw new ServiceError(
          422,
          'redemption_exceeds_payable',
          `At most ${maxPoints} points can be redeemed on this cart.`,
          { details: { max_points: maxPoints, requested_points: points } },
        );
      }
      cart.loyalty_points_redeemed = points;
      return this.present(state, cart);
    });
  }

  removeRedemption(cartId: string) {
    return this.mutate((state) => {
      const cart = this.cartOf(state, cartId);
      this.assertCartOpen(cart);
      cart.loyalty_points_redeemed = 0;
      return this.present(state, cart);
    });
  }

  // ---- users: ops 10, 1, 2 ----

  private userOf(state: ServiceState, userId: string): CustomerRecord {
    const user = own(state.customers, userId);
    if (!user) throw notFound('user_not_found', `No user with id "${userId}".`);
    return user;
  }

  getUser(userId: string): User {
    const u = this.userOf(this.repo.read(), userId);
    return {
      id: u.id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      phone: u.phone,
      country_code: u.country_code,
      notification_preferences: u.notification_preferences,
    };
  }

  createPreferences(userId: string, prefs: NotificationPreferences): NotificationPreferences {
    return this.mutate((state) => {
      const user = this.userOf(state, userId);
      if (user.notification_preferences) {
        throw new ServiceError(
          409,
          'preferences_already_exist',
          'Notification preferences already exist for this user; update them instead.',
        );
      }
      user.notification_preferences = structuredClone(prefs);
      return user.notification_preferences;
    });
  }

  updatePreferences(userId: string, patch: NotificationPreferencesPatch): NotificationPreferences {
    return this.mutate((state) => {
      const user = this.userOf(state, userId);
      const current = user.notification_preferences;
      if (!current) {
        throw notFound(
          'preferences_not_found',
          'This user has no notification preferences yet; create them first.',
        );
      }
      for (const category of ['transactional', 'promotional', 'newsletter'] as const) {
        Object.assign(current[category], patch[category] ?? {});
      }
      return current;
    });
  }

  // ---- orders and returns: ops 11, 6 ----

  private orderFor(state: ServiceState, caller: TokenRecord, orderNumber: string): OrderRecord {
    const order = own(state.orders, orderNumber);
    // someone else's order is "not found", never "forbidden" (CONTRACT B1)
    if (!order || (caller.role !== 'staff' && order.customer_id !== caller.userId)) {
      throw notFound('order_not_found', `No order "${orderNumber}" on this account.`);
    }
    return order;
  }

  private returnedQuantity(state: ServiceState, orderNumber: string, sku: string): number {
    return Object.values(state.returns)
      .filter(
        (r) =>
          r.order_number === orderNumber && r.status !== 'rejected' && r.status !== 'cancelled',
      )
      .flatMap((r) => r.items)
      .filter((i) => i.sku === sku)
      .reduce((sum, i) => sum + i.quantity, 0);
  }

  getOrder(caller: TokenRecord, orderNumber: string): Order {
    const state = this.repo.read();
    const order = this.orderFor(state, caller, orderNumber);
    const grand = order.items.reduce((s, i) => s + i.selling_price * i.quantity, 0);
    return {
      order_number: order.order_number,
      order_date: order.order_date,
      status: order.status,
      delivered_at: order.delivered_at,
      payment_mode: order.payment_mode,
      currency: state.storeConfig.currency,
      shipping_address: order.shipping_address,
      grand_total: toRupees(grand),
      order_items: order.items.map((i) => ({
        product_id: i.product_id,
        variant_id: i.variant_id,
        product_name: i.product_name,
        variant_name: i.variant_name,
        product_image_url: i.product_image_url,
        sku: i.sku,
        quantity: i.quantity,
        selling_price: toRupees(i.selling_price),
        tax_type: i.tax_type,
        tax_rate: i.tax_rate,
        returnable_quantity: Math.max(
          0,
          i.quantity - this.returnedQuantity(state, order.order_number, i.sku),
        ),
      })),
    };
  }

  private assertReturnable(order: OrderRecord) {
    if (order.status !== 'delivered' || !order.delivered_at) {
      throw new ServiceError(
        422,
        'order_not_returnable',
        'This order has not been delivered yet, so it cannot be returned.',
        { details: { reason: 'not_delivered', status: order.status } },
      );
    }
    const closesAt = Date.parse(order.delivered_at) + RETURN_WINDOW_DAYS * DAY;
    if (closesAt < this.now()) {
      throw new ServiceError(
        422,
        'order_not_returnable',
        `The ${RETURN_WINDOW_DAYS}-day return window for this order closed on ${new Date(closesAt).toISOString().slice(0, 10)}.`,
        {
          details: { reason: 'window_closed', window_closed_at: new Date(closesAt).toISOString() },
        },
      );
    }
  }

  /**
   * The return an earlier request of this caller made under this Idempotency-Key, or null
   * (CONTRACT B5: a repeated key "returns the first result again"). Looked up before the body is
   * read: a repeat answers with the first return whatever it carries, so only what comes before
   * the key (store, credential) can refuse a request that already made one.
   */
  replayReturn(caller: TokenRecord, idempotencyKey: string | null): OrderReturn | null {
    if (!idempotencyKey) return null;
    const state = this.repo.read();
    const earlier = own(state.idempotency, `${caller.userId} ${idempotencyKey}`);
    const replayed = earlier ? own(state.returns, earlier) : undefined;
    return replayed ? this.presentReturn(state, replayed) : null;
  }

  createReturn(
    caller: TokenRecord,
    orderNumber: string,
    body: CreateReturnBody,
    idempotencyKey: string | null,
  ): OrderReturn {
    const replayed = this.replayReturn(caller, idempotencyKey);
    if (replayed) return replayed;
    return this.mutate((state) => {
      const replayKey = idempotencyKey ? `${caller.userId} ${idempotencyKey}` : null;

      const order = this.orderFor(state, caller, orderNumber);
      this.assertReturnable(order);
      const items = body.return_items.map((requested, index) => {
        const line = order.items.find(
          (l) => l.sku === requested.sku && l.product_id === requested.product_id,
        );
        if (!line) {
          throw new ServiceError(422, 'item_not_in_order', 'This item is not part of the order.', {
            errors: [{ field: `return_items.${index}.sku`, message: 'not an item of this order' }],
          });
        }
        const returnable =
          line.quantity - this.returnedQuantity(state, order.order_number, line.sku);
        if (requested.quantity > returnable) {
          throw new ServiceError(
            422,
            'return_quantity_exceeded',
            `Only ${returnable} of ${line.product_name} can be returned.`,
            {
              errors: [
                {
                  field: `return_items.${index}.quantity`,
                  message: `at most ${returnable} can be returned`,
                },
              ],
              details: { sku: line.sku, returnable_quantity: returnable },
            },
          );
        }
        return {
          product_id: line.product_id,
          product_name: line.product_name,
          product_image_url: line.product_image_url,
          sku: line.sku,
          selling_price: line.selling_price,
          tax_type: line.tax_type,
          tax_rate: line.tax_rate,
          quantity: requested.quantity,
          resolution: requested.resolution,
          return_reason: requested.return_reason.trim(),
        };
      });

      state.counters.returnRequest += 1;
      const record: ReturnRecord = {
        request_number: `RET-${String(state.counters.returnRequest).padStart(6, '0')}`,
        order_number: order.order_number,
        customer_id: order.customer_id,
        status: 'created',
        created_at: new Date(this.now()).toISOString(),
        original_order_delivered_at: order.delivered_at!,
        pickup_address: body.shipping_address
          ? toAddressRecord(body.shipping_address)
          : order.shipping_address,
        items,
        refund_status: items.some((i) => i.resolution === 'refund') ? 'pending' : null,
      };
      state.returns[record.request_number] = record;
      if (replayKey) state.idempotency[replayKey] = record.request_number;
      return this.presentReturn(state, record);
    });
  }

  private presentReturn(state: ServiceState, record: ReturnRecord): OrderReturn {
    const order = own(state.orders, record.order_number);
    let grand = 0;
    let tax = 0;
    let refund = 0;
    for (const item of record.items) {
      const line = item.selling_price * item.quantity;
      grand += line;
      tax += inclusiveTax(line, item.tax_rate);
      if (item.resolution === 'refund') refund += line;
    }
    return {
      request_number: record.request_number,
      status: record.status,
      return_items: record.items.map((i) => ({ ...i, selling_price: toRupees(i.selling_price) })),
      subtotal: toRupees(grand - tax),
      shipping_amount: 0,
      total_tax: toRupees(tax),
      grand_total: toRupees(grand),
      created_at: record.created_at,
      approved_at: null,
      shipped_at: null,
      received_at: null,
      original_order_number: record.order_number,
      original_order_delivered_at: record.original_order_delivered_at,
      replacement_order_number: null,
      replacement_order_date: null,
      // a number, never null (CONTRACT B3 allows null only for timestamps and strings): no
      // replacement order exists yet, so its amount is 0
      replacement_order_amount: 0,
      refund: record.refund_status
        ? [
            {
              request_number: record.request_number,
              refund_amount: toRupees(refund),
              refund_date: null,
              status: record.refund_status,
              payment_mode: order?.payment_mode === 'COD' ? 'BankTransfer' : 'PaymentGateway',
              payment_method: null,
              payment_reference_number: null,
              bank_account_number: null,
              bank_name: null,
              refund_remarks: null,
            },
          ]
        : [],
    };
  }
}

function toAddressRecord(a: AddressInput): AddressRecord {
  return {
    id: a.id ?? null,
    first_name: a.first_name.trim(),
    last_name: a.last_name ?? null,
    country_code: a.country_code ?? '+91',
    phone: a.phone,
    email: a.email || null,
    address_line1: a.address_line1.trim(),
    address_line2: a.address_line2 ?? null,
    landmark: a.landmark ?? null,
    pincode: a.pincode,
    city: a.city.trim(),
    state: a.state.trim(),
    country: a.country.trim(),
    tax_identification_number: a.tax_identification_number ?? null,
    business_name: a.business_name ?? null,
  };
}
