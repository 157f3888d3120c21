import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { setupTestServer } from '@/testing/test-server';

const { server } = setupTestServer();

describe('app shell', () => {
  it('shows a 404 page inside the layout for an unknown address', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('keeps the header and navigation when the store config cannot be read', async () => {
    server.use(
      http.get('*/api/v1/:store/storefront/store/config', () =>
        HttpResponse.json(
          { success: false, message: 'Down for maintenance', code: 'internal_error' },
          { status: 500 },
        ),
      ),
    );
    renderApp('/store');
    expect(await screen.findByText('Down for maintenance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("an answer that is not the service's (a Wi-Fi login page) is said so, with Try again", async () => {
    let portal = true;
    server.use(
      http.get('*/api/v1/:store/storefront/store/config', () =>
        portal
          ? new HttpResponse('<html>Please log in to the Wi-Fi</html>', {
              headers: { 'Content-Type': 'text/html' },
            })
          : undefined,
      ),
    );
    const { user } = renderApp('/store');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Could not read the service's answer");
    expect(alert).not.toHaveTextContent('refused');
    portal = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Indigo Threads/ }),
    ).toBeInTheDocument();
  });

  it('shows who is signed in and hides the POS from customers', async () => {
    renderApp('/', { session: 'asha' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('banner')).toHaveTextContent('Signed in as Asha Rao');
    expect(nav).not.toHaveTextContent('POS');
    expect(nav).toHaveTextContent('Notifications');
  });
});
