import { type Connection, storeOf } from '@/api/connection';
import type { CreateReturnBody } from '@/api/schemas/order-return';
import { DEMO_API_KEY } from '@/lib/config';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { DEMO_STORE_ID } from '@/mocks/service/seed';

/**
 * A connection to the demo store as one of its ready-made sign-ins, for tests that call the
 * client in Node (absolute base URL). Each holds every credential, so any header the client
 * leaves out is the client's own choice.
 */
function demoConnection(id: 'cashier' | 'asha' | 'vikram'): Connection {
  const identity = DEMO_IDENTITIES.find((d) => d.id === id);
  if (!identity) throw new Error(`No demo identity "${id}"`);
  return {
    baseUrl: 'http://localhost',
    storeId: DEMO_STORE_ID,
    apiKey: DEMO_API_KEY,
    accessToken: identity.accessToken,
    userId: identity.userId,
  };
}

export const cashier = demoConnection('cashier');
export const asha = demoConnection('asha');
export const vikram = demoConnection('vikram');

/** A valid return request for ORD-1001: one T-shirt for a refund, collected from the delivery address. */
export const RETURN_ONE_TSHIRT: CreateReturnBody = {
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

/**
 * The store of the app's connection in tests that render it (`renderApp`: the demo store on the
 * app's own origin), as `storeOf` gives it: what records kept per store are kept under.
 */
export const APP_STORE = storeOf({ baseUrl: '', storeId: DEMO_STORE_ID });
