/**
 * The wizard's draft when the person's records are swept (another tab's sign-in, the demo's
 * reset) or put back (a new token confirmed by Get user) while the wizard is open: the screen
 * takes the draft as stored, and never writes back what was swept or over what was put back.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoControls } from '@/lib/demo';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
import { IDENTITY_KEY } from '@/lib/storage';
import { renderApp } from '@/testing/render-app';
import { holdNext, setupTestServer } from '@/testing/test-server';
import {
  TSHIRT,
  chooseLine,
  continueButton,
  fillPickupAddress,
  findOrder,
  stepHeading,
  toAnotherAddress,
} from './test-helpers';

const { faults, service, repo, server } = setupTestServer();
afterEach(() => demoControls.set({ service: null, notice: null }));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const asha = DEMO_IDENTITIES.find((d) => d.id === 'asha')!;
const draftKeys = () => Object.keys(sessionStorage).filter((k) => k.includes('return-draft'));

describe('the wizard’s draft after its records are swept', () => {
  it('a sign-in in another tab with Asha’s user ID and another token: her typed pickup address is not left on screen (nor written back)', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    // remembered: shared with the other tab
    act(() => sessionStore.signIn(asha, true));
    await toAnotherAddress(user, TSHIRT);
    await fillPickupAddress(user);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    // the send's answer is lost: the request is kept as sent, with Asha's typed address
    faults.set({ dropNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm');
    expect(screen.getByText('5, MG Road')).toBeInTheDocument();
    expect(draftKeys()).toHaveLength(1);

    // another tab: someone types Asha's user ID with another token (docs/security.md "A shared
    // till": a user ID is only typed, so this sign-in starts with none of her records)
    act(() => {
      localStorage.setItem(
        IDENTITY_KEY,
        JSON.stringify({ ...asha, accessToken: 'demo-customer-2-token', displayName: 'cus_1001' }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    });
    // this tab says "Changes not saved here were not kept", and its sessionStorage was swept...
    expect(await screen.findByText('Signed in again in another tab')).toBeInTheDocument();
    expect(draftKeys()).toHaveLength(0);
    // ...but the wizard keeps Asha's request (her typed address) in memory and on screen
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByText('5, MG Road')).not.toBeInTheDocument();
    await waitFor(() => expect(draftKeys()).toHaveLength(0));
  });
});

describe('Reset demo data with the wizard on screen', () => {
  it('the draft goes with the reset, as the demo panel says ("drafts ... go too"): the items chosen are not left on screen', async () => {
    const { user } = renderApp('/account/returns/new', { session: 'asha' });
    await findOrder(user);
    await stepHeading(/Choose items/);
    await chooseLine(user, TSHIRT, { quantity: '2', reason: 'Too small', resolution: 'Refund' });
    expect(draftKeys()).toHaveLength(1);

    demoControls.set({ service: { reset: () => service.reset(), faults }, notice: null });
    await user.click(await screen.findByRole('button', { name: 'Reset demo data' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset demo data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    expect(await screen.findByText('Demo data reset.')).toBeInTheDocument();
    // swept from storage (sessionStore.clearRecords)...
    expect(draftKeys()).toHaveLength(0);
    // ...but still on screen, and written back at the next keystroke
    await act(() => new Promise((r) => setTimeout(r, 500)));
    const tshirt = screen.queryByRole('group', { name: TSHIRT });
    expect(
      tshirt && within(tshirt).queryByRole('checkbox', { name: 'Return this item', checked: true }),
    ).toBeFalsy();
  });
});

describe('a new token for the same customer, checked while the wizard is already open', () => {
  it('the request kept as sent (its Idempotency-Key) comes back on the wizard once the check puts the records back', async () => {
    const view = renderApp('/account/returns/new', { session: 'asha' });
    const { user } = view;
    await toAnotherAddress(user, TSHIRT);
    await fillPickupAddress(user);
    await user.click(continueButton());
    await stepHeading(/Review and send/);
    faults.set({ dropNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Send return request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm');

    // her token expired; the store gives her a new one, which she types on the Connection screen
    const state = repo.read();
    const { 'demo-customer-token': expired, ...others } = state.tokens;
    repo.write({ ...state, tokens: { ...others, 'asha-renewed-token': expired! } });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Settings',
      }),
    );
    const token = await screen.findByLabelText('Access token');
    await user.clear(token);
    await user.type(token, 'asha-renewed-token');
    // Get user (the check that puts her records back) is slow to answer
    const check = holdNext(server, 'get', '*/auth/user/cus_1001');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    await act(() => check.arrived);
    // she goes back to her return meanwhile (docs/security.md: leaving does not stop the check)
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Returns',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Return an item' });
    check.release();
    await act(() => check.answered);
    await act(() => new Promise((r) => setTimeout(r, 300)));
    // the records are back in storage...
    expect(draftKeys()).toHaveLength(1);
    expect(sessionStorage.getItem(draftKeys()[0]!)).toContain('unconfirmed');
    // ...but the wizard on screen still holds the empty draft it read while they were swept: the
    // first keystroke writes it over them, and the request kept as sent, with its key, is gone
    // (a new send then gets a new key: a second return if the first one was made)
    const field = screen.queryByRole('textbox', { name: 'Order number' });
    if (field) await user.type(field, 'ORD-1001');
    expect(sessionStorage.getItem(draftKeys()[0] ?? '') ?? '').toContain('unconfirmed');
    expect(
      await screen.findByText('We could not confirm your earlier request'),
    ).toBeInTheDocument();
  });
});
