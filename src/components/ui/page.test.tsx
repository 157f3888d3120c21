import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
// not a React hook despite its name: it registers vitest lifecycle hooks for this file
import { setupTestServer } from '@/testing/test-server';

setupTestServer();

describe('Page: where focus lands', { timeout: 20_000 }, () => {
  it('keeps the browser’s start on the first screen, and puts it on the heading after a move, a Back to the first screen too', async () => {
    const { user, history } = renderApp('/store');
    const about = await screen.findByRole('heading', { level: 1, name: /^About / });
    expect(about).not.toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection and sign-in' }),
    ).toHaveFocus();

    act(() => history.go(-1));
    expect(await screen.findByRole('heading', { level: 1, name: /^About / })).toHaveFocus();
  });
});
