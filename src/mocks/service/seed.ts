import type { NotificationPreferences } from '@/api/schemas/notification-preferences';
import type { StoreConfig } from '@/api/schemas/store-config';
import type {
  AddressRecord,
  CartItemRecord,
  CartRecord,
  CustomerRecord,
  LocationRecord,
  OrderRecord,
  ServiceState,
} from './types';

/** Bump when the shape of ServiceState changes; older stored data is then reset (see persistence). */
export const DATA_VERSION = 1;

export const DEMO_STORE_ID = 'demo-store';
export const DEMO_API_KEY = 'demo-api-key';
export const DEMO_TOKENS = {
  cashier: 'demo-cashier-token',
  asha: 'demo-customer-token',
  vikram: 'demo-customer-2-token',
} as const;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

function item(
  partial: Partial<CartItemRecord> &
    Pick<
      CartItemRecord,
      'product_id' | 'sku' | 'product_name' | 'selling_price' | 'tax_rate' | 'quantity'
    >,
): CartItemRecord {
  return {
    variant_id: null,
    slug: partial.product_name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    variant_name: null,
    product_image_url: null,
    free_quantity: 0,
    listing_price: partial.selling_price,
    promotion_discount: 0,
    promotion_id: null,
    on_subscription: false,
    on_promotion: false,
    stock_available: true,
    backorder: false,
    is_free_item: false,
    min_order_quantity: 1,
    max_order_quantity: 10,
    handling_charge_excluding_tax: 0,
    handling_charge_tax_rate: 0,
    associated_options: {},
    attributes: [],
    subscriptions: [],
    ...partial,
  };
}

const allOn: NotificationPreferences = {
  transactional: { email: true, sms: true, whatsapp: true },
  promotional: { email: true, sms: false, whatsapp: false },
  newsletter: { email: true, sms: false, whatsapp: false },
};

function customers(): Record<string, CustomerRecord> {
  return {
    cus_1001: {
      id: 'cus_1001',
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      country_code: '+91',
      points: 1500,
      is_phone_verified: true,
      is_email_verified: true,
      notification_preferences: allOn,
    },
    cus_1002: {
      id: 'cus_1002',
      first_name: 'Vikram',
      last_name: 'Shah',
      email: 'vikram@example.com',
      phone: '9123456780',
      country_code: '+91',
      points: 0,
      is_phone_verified: true,
      is_email_verified: false,
      notification_preferences: null,
    },
    cus_1003: {
      id: 'cus_1003',
      first_name: 'Meera',
      last_name: 'Iyer',
      email: 'meera.iyer@example.com',
      phone: '9988776655',
      country_code: '+91',
      points: 320,
      is_phone_verified: false,
      is_email_verified: true,
      notification_preferences: null,
    },
    staff_01: {
      id: 'staff_01',
      first_name: 'Priya',
      last_name: 'Nair',
      email: 'priya.nair@indigothreads.example',
      phone: '9000000001',
      country_code: '+91',
      points: 0,
      is_phone_verified: true,
      is_email_verified: true,
      notification_preferences: null,
    },
  };
}

const blue = { name: 'Indigo Blue', hexcode: '#3F51B5' };

function carts(now: number): Record<string, CartRecord> {
  const base = {
    customer_id: null,
    customer_note: null,
    coupon: null,
    shipping_amount: 0,
    shipping_estimated_cost: 0,
    shipping_discount_amount: 0,
    shipping_tax_rate: 18,
    credit_balance_used: 0,
    loyalty_points_redeemed: 0,
    fulfillment_type: 'collect-in-store' as const,
    pickup_location_id: 'loc_blr_indiranagar',
    pickup_location_name: 'Indigo Threads Indiranagar',
    // collected at the till: nothing to deliver, 0 days (a number, never null: CONTRACT B3)
    estimated_delivery_days: 0,
    metadata: {},
  };
  return {
    cart_1001: {
      ...base,
      id: 'cart_1001',
      active: true,
      expires_at: iso(now + 7 * DAY),
      items: [
        item({
          product_id: 'prod_tshirt',
          variant_id: 'var_tshirt_blu_m',
          sku: 'TSHIRT-BLU-M',
          product_name: 'Organic Cotton Crew T-Shirt',
          variant_name: 'Indigo Blue / M',
          product_image_url: '/products/tshirt.svg',
          quantity: 2,
          listing_price: 79900,
          selling_price: 79900,
          tax_rate: 5,
          associated_options: {
            colour: { name: 'Colour', type: 'color', value: blue },
            size: { name: 'Size', type: 'single-select', value: 'M' },
          },
          attributes: [
            { id: 'attr_colour', name: 'Colour', key: 'colour', type: 'color', value: [blue] },
          ],
        }),
        item({
          product_id: 'prod_kurta',
          variant_id: 'var_kurta_l',
          sku: 'KURTA-LIN-L',
          product_name: 'Handloom Linen Kurta',
          variant_name: 'Natural / L',
          product_image_url: '/products/kurta.svg',
          quantity: 1,
          listing_price: 249900,
          selling_price: 199900,
          tax_rate: 12,
          on_promotion: true,
          promotion_discount: 20000,
          promotion_id: 'promo_festive10',
          associated_options: { size: { name: 'Size', type: 'single-select', value: 'L' } },
        }),
        item({
          product_id: 'prod_coffee',
          variant_id: 'var_coffee_250',
          sku: 'COFFEE-CHK-250',
          product_name: 'Chikmagalur Filter Coffee',
          variant_name: '250 g',
          product_image_url: '/products/coffee.svg',
          quantity: 1,
          listing_price: 45000,
          selling_price: 45000,
          tax_rate: 5,
          on_subscription: true,
          subscriptions: [
            {
              id: 'sub_coffee_monthly',
              subscription_plan: 'Monthly coffee',
              subscription_price: 42000,
              billing_interval: 1,
              billing_limit: 12,
              order_interval: 1,
              order_limit: 12,
              minimum_quantity: 1,
              billing_trial_days: 0,
              billing_frequency: 'monthly',
              order_frequency: 'monthly',
              fulfill_separately: true,
            },
          ],
        }),
        item({
          product_id: 'prod_mug',
          variant_id: null,
          sku: 'MUG-WHT',
          product_name: 'Stoneware Mug',
          variant_name: 'White',
          product_image_url: '/products/mug.svg',
          quantity: 2,
          selling_price: 34900,
          tax_rate: 18,
          handling_charge_excluding_tax: 2000,
          handling_charge_tax_rate: 18,
        }),
        item({
          product_id: 'prod_bag',
          variant_id: null,
          sku: 'TOTE-FREE',
          product_name: 'Canvas Tote Bag',
          variant_name: null,
          product_image_url: '/products/tote.svg',
          quantity: 1,
          free_quantity: 1,
          listing_price: 0,
          selling_price: 0,
          tax_rate: 0,
          is_free_item: true,
        }),
      ],
    },
    cart_1002: {
      ...base,
      id: 'cart_1002',
      active: true,
      expires_at: iso(now + 7 * DAY),
      items: [
        item({
          product_id: 'prod_socks',
          sku: 'SOCKS-BAM-3',
          product_name: 'Bamboo Socks (3 pairs)',
          product_image_url: '/products/socks.svg',
          quantity: 1,
          selling_price: 59900,
          tax_rate: 5,
        }),
        item({
          product_id: 'prod_mug',
          sku: 'MUG-WHT',
          product_name: 'Stoneware Mug',
          variant_name: 'White',
          product_image_url: '/products/mug.svg',
          quantity: 1,
          selling_price: 34900,
          tax_rate: 18,
        }),
      ],
    },
    cart_expired: {
      ...base,
      id: 'cart_expired',
      active: true,
      expires_at: iso(now - 2 * DAY),
      items: [
        item({
          product_id: 'prod_socks',
          sku: 'SOCKS-BAM-3',
          product_name: 'Bamboo Socks (3 pairs)',
          product_image_url: '/products/socks.svg',
          quantity: 2,
          selling_price: 59900,
          tax_rate: 5,
        }),
      ],
    },
    cart_inactive: {
      ...base,
      id: 'cart_inactive',
      active: false,
      expires_at: iso(now + 7 * DAY),
      items: [
        item({
          product_id: 'prod_tshirt',
          sku: 'TSHIRT-BLU-M',
          product_name: 'Organic Cotton Crew T-Shirt',
          variant_name: 'Indigo Blue / M',
          product_image_url: '/products/tshirt.svg',
          quantity: 1,
          selling_price: 79900,
          tax_rate: 5,
        }),
      ],
    },
    cart_1003: {
      ...base,
      id: 'cart_1003',
      active: true,
      expires_at: iso(now + 7 * DAY),
      fulfillment_type: 'delivery',
      pickup_location_id: null,
      pickup_location_name: null,
      estimated_delivery_days: 4,
      shipping_estimated_cost: 9900,
      shipping_discount_amount: 0,
      shipping_amount: 9900,
      credit_balance_used: 10000,
      coupon: { coupon_id: 'cpn_welcome', code: 'WELCOME100', amount: 10000, percent: 0 },
      items: [
        item({
          product_id: 'prod_saree',
          sku: 'SAREE-SLK-RED',
          product_name: 'Kanchipuram Silk Saree',
          variant_name: 'Crimson',
          product_image_url: '/products/saree.svg',
          quantity: 1,
          selling_price: 1249900,
          tax_rate: 12,
        }),
      ],
    },
  };
}

function ashaAddress(): AddressRecord {
  return {
    id: 'addr_asha_home',
    first_name: 'Asha',
    last_name: 'Rao',
    country_code: '+91',
    phone: '9876543210',
    email: 'asha@example.com',
    address_line1: '12, 4th Cross, HAL 2nd Stage',
    address_line2: 'Indiranagar',
    landmark: 'Near CMH Road metro',
    pincode: '560038',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    tax_identification_number: null,
    business_name: null,
  };
}

function orders(now: number): Record<string, OrderRecord> {
  const tshirt = {
    product_id: 'prod_tshirt',
    variant_id: 'var_tshirt_blu_m',
    product_name: 'Organic Cotton Crew T-Shirt',
    variant_name: 'Indigo Blue / M',
    product_image_url: '/products/tshirt.svg',
    sku: 'TSHIRT-BLU-M',
    selling_price: 79900,
    tax_type: 'GST',
    tax_rate: 5,
  };
  const mug = {
    product_id: 'prod_mug',
    variant_id: null,
    product_name: 'Stoneware Mug',
    variant_name: 'White',
    product_image_url: '/products/mug.svg',
    sku: 'MUG-WHT',
    selling_price: 34900,
    tax_type: 'GST',
    tax_rate: 18,
  };
  const kurta = {
    product_id: 'prod_kurta',
    variant_id: 'var_kurta_l',
    product_name: 'Handloom Linen Kurta',
    variant_name: 'Natural / L',
    product_image_url: '/products/kurta.svg',
    sku: 'KURTA-LIN-L',
    selling_price: 199900,
    tax_type: 'GST',
    tax_rate: 12,
  };
  return {
    'ORD-1001': {
      order_number: 'ORD-1001',
      customer_id: 'cus_1001',
      order_date: iso(now - 9 * DAY),
      status: 'delivered',
      delivered_at: iso(now - 5 * DAY),
      payment_mode: 'Prepaid',
      shipping_address: ashaAddress(),
      items: [
        { ...tshirt, quantity: 2 },
        { ...mug, quantity: 1 },
        { ...kurta, quantity: 1 },
      ],
    },
    'ORD-1002': {
      order_number: 'ORD-1002',
      customer_id: 'cus_1001',
      order_date: iso(now - 2 * DAY),
      status: 'shipped',
      delivered_at: null,
      payment_mode: 'Prepaid',
      shipping_address: ashaAddress(),
      items: [{ ...kurta, quantity: 1 }],
    },
    'ORD-1003': {
      order_number: 'ORD-1003',
      customer_id: 'cus_1001',
      order_date: iso(now - 50 * DAY),
      status: 'delivered',
      delivered_at: iso(now - 45 * DAY),
      payment_mode: 'COD',
      shipping_address: ashaAddress(),
      items: [{ ...mug, quantity: 4 }],
    },
    'ORD-2001': {
      order_number: 'ORD-2001',
      customer_id: 'cus_1002',
      order_date: iso(now - 6 * DAY),
      status: 'delivered',
      delivered_at: iso(now - 2 * DAY),
      payment_mode: 'COD',
      shipping_address: {
        id: 'addr_vikram_home',
        first_name: 'Vikram',
        last_name: 'Shah',
        country_code: '+91',
        phone: '9123456780',
        email: 'vikram@example.com',
        address_line1: '301, Sea Breeze Apartments, Carter Road',
        address_line2: 'Bandra West',
        landmark: null,
        pincode: '400050',
        city: 'Mumbai',
        state: 'Maharashtra',
        country: 'India',
        tax_identification_number: null,
        business_name: null,
      },
      items: [{ ...tshirt, quantity: 1 }],
    },
  };
}

const LOCATION_ROWS: [string, string, string, string, string, string, string, number][] = [
  // id suffix, name, city, state, pincode, line1, gstin state code, phone
  [
    'blr_indiranagar',
    'Indigo Threads Indiranagar',
    'Bengaluru',
    'Karnataka',
    '560038',
    '100 Feet Road, HAL 2nd Stage',
    '29',
    8041234567,
  ],
  [
    'blr_jayanagar',
    'Indigo Threads Jayanagar',
    'Bengaluru',
    'Karnataka',
    '560041',
    '11th Main Road, 4th Block',
    '29',
    8041230000,
  ],
  [
    'mum_bandra',
    'Indigo Threads Bandra',
    'Mumbai',
    'Maharashtra',
    '400050',
    'Linking Road, Bandra West',
    '27',
    2226401234,
  ],
  [
    'del_khan',
    'Indigo Threads Khan Market',
    'New Delhi',
    'Delhi',
    '110003',
    'Middle Lane, Khan Market',
    '07',
    1124601234,
  ],
  [
    'chn_tnagar',
    'Indigo Threads T. Nagar',
    'Chennai',
    'Tamil Nadu',
    '600017',
    'Pondy Bazaar, T. Nagar',
    '33',
    4424341234,
  ],
  [
    'hyd_jubilee',
    'Indigo Threads Jubilee Hills',
    'Hyderabad',
    'Telangana',
    '500033',
    'Road No. 36, Jubilee Hills',
    '36',
    4023541234,
  ],
  [
    'pun_koregaon',
    'Indigo Threads Koregaon Park',
    'Pune',
    'Maharashtra',
    '411001',
    'North Main Road, Koregaon Park',
    '27',
    2026151234,
  ],
  [
    'kol_park',
    'Indigo Threads Park Street',
    'Kolkata',
    'West Bengal',
    '700016',
    'Park Street',
    '19',
    3322291234,
  ],
  [
    'jai_cscheme',
    'Indigo Threads C-Scheme',
    'Jaipur',
    'Rajasthan',
    '302001',
    'Prithviraj Road, C-Scheme',
    '08',
    1412371234,
  ],
  [
    'blr_wh',
    'Indigo Threads Warehouse Hoskote',
    'Bengaluru',
    'Karnataka',
    '562114',
    'KIADB Industrial Area, Hoskote',
    '29',
    8041239999,
  ],
];

function location(row: (typeof LOCATION_ROWS)[number], i: number): LocationRecord {
  const [suffix, name, city, state, pincode, line1, gstState, phone] = row;
  const warehouse = suffix === 'blr_wh';
  return {
    id: `loc_${suffix}`,
    name,
    warehouse_type: warehouse ? 'warehouse' : 'retail-store',
    active: suffix !== 'kol_park',
    gstin: `${gstState}AABCI${String(1234 + i).padStart(4, '0')}K1Z${i % 10}`,
    city,
    address_line1: line1,
    address_line2: null,
    landmark: null,
    pincode,
    state,
    country: 'India',
    country_code: '+91',
    contact_phone: phone,
    contact_email: `${suffix.replace('_', '.')}@indigothreads.example`,
    is_default: suffix === 'blr_indiranagar',
    image_url: '/brand/store.svg',
    seller_warehouse_id: `wh_${suffix}`,
    can_receive_stock: true,
    can_ship_parcel: warehouse || i % 2 === 0,
    can_collect: !warehouse,
    is_checkout_point: !warehouse,
    accepts_returns: !warehouse && suffix !== 'del_khan',
    opening_hours: warehouse ? 'Mon–Sat 08:00–18:00' : 'Mon–Sun 10:30–21:30',
  };
}

/** Synthetic extra locations (for scale demos and benchmarks), deterministic. */
export function syntheticLocations(count: number): LocationRecord[] {
  const cities: [string, string, string][] = [
    ['Bengaluru', 'Karnataka', '5600'],
    ['Mumbai', 'Maharashtra', '4000'],
    ['New Delhi', 'Delhi', '1100'],
    ['Chennai', 'Tamil Nadu', '6000'],
    ['Hyderabad', 'Telangana', '5000'],
    ['Ahmedabad', 'Gujarat', '3800'],
    ['Lucknow', 'Uttar Pradesh', '2260'],
    ['Kochi', 'Kerala', '6820'],
  ];
  return Array.from({ length: count }, (_, i) => {
    const [city, state, pin] = cities[i % cities.length]!;
    const n = i + 1;
    return location(
      [
        `x${n}`,
        `Indigo Threads Outlet ${n}`,
        city,
        state,
        `${pin}${String(n % 100).padStart(2, '0')}`,
        `Shop ${n}, High Street`,
        '29',
        8000000000 + n,
      ],
      n,
    );
  }).map((l, i) => ({
    ...l,
    is_default: false,
    active: i % 17 !== 0,
    accepts_returns: i % 5 !== 0,
  }));
}

function storeConfig(): StoreConfig {
  return {
    is_kyc_enabled: true,
    is_customer_group_enabled: true,
    brand: {
      name: 'Indigo Threads',
      logo_url: '/brand/logo.svg',
      social_media_links: {
        instagram: 'https://www.instagram.com/indigothreads.example',
        facebook: 'https://www.facebook.com/indigothreads.example',
        x: 'https://x.com/indigothreads_ex',
      },
    },
    currency: { name: 'Indian Rupee', code: 'INR', symbol: '₹' },
    customer_groups: [
      {
        id: 'grp_retail',
        name: 'Retail',
        description: 'Walk-in and online shoppers',
        is_default: true,
        active: true,
      },
      {
        id: 'grp_b2b',
        name: 'Business',
        description: 'GST-registered businesses buying in bulk',
        is_default: false,
        active: true,
      },
      {
        id: 'grp_staff',
        name: 'Staff',
        description: 'Employee pricing',
        is_default: false,
        active: false,
      },
    ],
    kyc_documents: [
      {
        id: 'kyc_gst',
        document_type: 'gst',
        title: 'GST certificate',
        description: 'For business customers claiming input tax credit',
        active: true,
        is_mandatory: false,
        is_attachment_required: true,
        verification_type: 'auto',
      },
      {
        id: 'kyc_pan',
        document_type: 'pan',
        title: 'PAN card',
        description: 'For purchases above ₹2,00,000',
        active: true,
        is_mandatory: false,
        is_attachment_required: false,
        verification_type: 'manual',
      },
    ],
    measurement: { weight: 'gm', dimension: 'cm' },
    terms_of_service: {
      id: 'doc_terms',
      name: 'terms-of-service',
      content_title: 'Terms of Service',
      content_type: 'html',
      content:
        '<h2>Using our stores</h2><p>These terms apply to purchases at <strong>Indigo Threads</strong> stores and online.</p><h2>Prices and GST</h2><p>All prices are in Indian Rupees and include GST at the applicable rate.</p><ul><li>Offers cannot be combined unless stated.</li><li>Loyalty points have no cash value.</li></ul><p>Questions? Write to <a href="mailto:care@indigothreads.example">care@indigothreads.example</a>.</p>',
    },
    refund_policy: {
      id: 'doc_refund',
      name: 'refund-policy',
      content_title: 'Returns and Refunds',
      content_type: 'html',
      content:
        '<h2>30-day returns</h2><p>Return unworn items within <strong>30 days of delivery</strong> for a refund or a replacement.</p><h2>Refunds</h2><p>Prepaid orders are refunded to the original payment method within 7 working days of pickup. Cash-on-delivery orders are refunded by bank transfer.</p><p>See our <a href="https://indigothreads.example/help/returns">returns help page</a>.</p>',
    },
  };
}

/** A fresh demo world, with every date relative to `now`. */
export function createSeed(now: number = Date.now()): ServiceState {
  return {
    storeId: DEMO_STORE_ID,
    apiKey: DEMO_API_KEY,
    tokens: {
      [DEMO_TOKENS.cashier]: { role: 'staff', userId: 'staff_01' },
      [DEMO_TOKENS.asha]: { role: 'customer', userId: 'cus_1001' },
      [DEMO_TOKENS.vikram]: { role: 'customer', userId: 'cus_1002' },
    },
    customers: customers(),
    carts: carts(now),
    orders: orders(now),
    returns: {},
    idempotency: {},
    locations: LOCATION_ROWS.map(location),
    storeConfig: storeConfig(),
    counters: { customer: 2000, returnRequest: 0 },
  };
}

/**
 * A cart with `lines` distinct items, for the scale benchmark (bench/api-server.ts adds it as
 * `cart_bench_<lines>`; the demo data never includes it). Deterministic, like the rest.
 */
export function benchCart(lines: number, now: number = Date.now()): CartRecord {
  const base = carts(now).cart_1001!;
  return {
    ...base,
    id: `cart_bench_${lines}`,
    items: Array.from({ length: lines }, (_, i) => {
      const n = i + 1;
      return item({
        product_id: `prod_bench_${n}`,
        variant_id: `var_bench_${n}`,
        sku: `BENCH-${String(n).padStart(4, '0')}`,
        product_name: `Bench Item ${n}`,
        variant_name: n % 3 === 0 ? `Size ${['S', 'M', 'L'][n % 3]}` : null,
        quantity: 1 + (n % 3),
        selling_price: 10_000 + (n % 50) * 1_000,
        listing_price: 12_000 + (n % 50) * 1_000,
        tax_rate: n % 2 === 0 ? 5 : 12,
      });
    }),
  };
}
