import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppShell } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { createTestHistory } from '@/lib/navigation';
import { sessionStore } from '@/lib/session';
import { sentRequests, setupTestServer } from '@/testing/test-server';

const { server } = setupTestServer();

describe("the app's own retry policy (not the tests' no-retry one)", { timeout: 20_000 }, () => {
  it('a 503 that asks to come back in a minute (Retry-After: 60) is not asked again within seconds', async () => {
    localStorage.clear();
    sessionStorage.clear();
    sessionStore.saveSettings({ baseUrl: '', storeId: 'demo-store', apiKey: 'demo-api-key' });
    sessionStore.signIn(
      DEMO_IDENTITIES.find((d) => d.id === 'cashier')!,
      false,
    );
    server.use(
      http.get('*/pos/carts/cart_1001', () =>
        HttpResponse.json(
          { success: false, message: 'Down for maintenance.', code: 'internal_error' },
          { status: 503, headers: { 'Retry-After': '60' } },
        ),
      ),
    );
    const reads = sentRequests(server, 'GET', '/pos/carts/cart_1001');
    userEvent.setup();
    render(
      <AppShell
        client={createQueryClient()}
        history={createTestHistory(['/pos/carts/cart_1001'])}
      />,
    );
    await screen.findByRole('heading', { level: 1, name: /Cart/ }, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 4000));
    // the service said when to come back; it was asked again after 1 s and 3 s
    expect(reads).toHaveLength(1);
  });
});
