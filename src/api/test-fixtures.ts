import type { Connection } from './connection';
import type { CreateReturnBody } from './schemas/order-return';

/**
 * Connections for the client's tests (node environment, absolute base URL). Each holds every
 * credential, so any header the client leaves out is the client's own choice.
 */
export const base = { baseUrl: 'http://localhost', storeId: 'demo-store', apiKey: 'demo-api-key' };
export const cashier: Connection = {
  ...base,
  accessToken: 'demo-cashier-token',
  userId: 'staff_01',
};
export const asha: Connection = { ...base, accessToken: 'demo-customer-token', userId: 'cus_1001' };
export const vikram: Connection = {
  ...base,
  accessToken: 'demo-customer-2-token',
  userId: 'cus_1002',
};

/** One T-shirt of ORD-1001 back for a refund, collected from the delivery address. */
export const tshirtReturn: CreateReturnBody = {
  return_items: [
    {
      product_id: 'prod_tshirt',
      sku: 'TSHIRT-BLU-M',
      quantity: 1,
      resolution: 'refund',
      return_reason: 'Too small',
    },
  ],
  shipping_address: null,
};
