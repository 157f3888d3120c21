import type { Identity } from './session';

/** The demo store's ready-made sign-ins (CONTRACT C). */
export const DEMO_IDENTITIES: (Identity & { id: string; description: string })[] = [
  {
    id: 'cashier',
    accessToken: 'demo-cashier-token',
    userId: 'staff_01',
    displayName: 'Priya Nair (cashier)',
    role: 'staff',
    description: 'Staff: runs the POS terminal',
  },
  {
    id: 'asha',
    accessToken: 'demo-customer-token',
    userId: 'cus_1001',
    displayName: 'Asha Rao',
    role: 'customer',
    description: 'Customer with 1,500 points and returnable orders',
  },
  {
    id: 'vikram',
    accessToken: 'demo-customer-2-token',
    userId: 'cus_1002',
    displayName: 'Vikram Shah',
    role: 'customer',
    description: 'Customer with no notification preferences yet',
  },
];
