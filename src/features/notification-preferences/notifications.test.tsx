import { focusManager, onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { NotificationPreferences } from '@/api/schemas/notification-preferences';
import { DEMO_IDENTITIES } from '@/lib/demo-identities';
import { sessionStore } from '@/lib/session';
import { IDENTITY_KEY } from '@/lib/storage';
import { mountApp, renderApp } from '@/testing/render-app';
import { holdNext, sentRequests, setupTestServer } from '@/testing/test-server';

const { repo, service, faults, server } = setupTestServer();

const ROUTE = '/account/notifications';
const ALL_OFF: NotificationPreferences = {
  transactional: { email: false, sms: false, whatsapp: false },
  promotional: { email: false, sms: false, whatsapp: false },
  newsletter: { email: false, sms: false, whatsapp: false },
};

/** Only the next user read fails with a 500 (a fault would hit whichever request comes first). */
const failNextUserRead = () =>
  server.use(
    http.get(
      '*/auth/user/:userId',
      () =>
        HttpResponse.json(
          { success: false, message: 'Internal error.', code: 'internal_error' },
          { status: 500 },
        ),
      { once: true },
    ),
  );
const toggle = (name: string) => screen.getByRole('switch', { name });
const stored = (id: 'cus_1001' | 'cus_1002') => repo.read().customers[id]!.notification_preferences;

/** Open the screen and wait until the matrix is there. */
async function open(session: 'asha' | 'vikram') {
  const view = renderApp(ROUTE, { session });
  // the first visit also loads the screen's lazy chunk, which a cold test run can take a while on
  await screen.findByRole('switch', { name: 'Transactional email' }, { timeout: 5000 });
  return view;
}

async function expectSaved() {
  expect(await screen.findByText(/your notification settings were saved at/i)).toBeInTheDocument();
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

/** Leave for the store page, answer Leave (discarding), and come back: nothing is unsaved. */
async function leaveDiscardingAndComeBack(user: UserEvent) {
  await user.click(within(nav()).getByRole('link', { name: 'Store' }));
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }),
  );
  await screen.findByRole('heading', { level: 1, name: 'About Indigo Threads' });
  await user.click(within(nav()).getByRole('link', { name: 'Notifications' }));
  expect(await screen.findByText('No unsaved changes.')).toBeInTheDocument();
  expect(screen.queryByText('Your unsaved changes were restored')).not.toBeInTheDocument();
  expect(toggle('Promotional SMS')).not.toBeChecked();
}

describe('notification settings: loading and showing', () => {
  it("shows the signed-in user's stored preferences as named switches", async () => {
    await open('asha');
    expect(screen.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
    // Asha's seed: transactional all on, promotional and newsletter by email only
    expect(toggle('Transactional email')).toBeChecked();
    expect(toggle('Transactional SMS')).toBeChecked();
    expect(toggle('Transactional WhatsApp')).toBeChecked();
    expect(toggle('Promotional email')).toBeChecked();
    expect(toggle('Promotional SMS')).not.toBeChecked();
    expect(toggle('Promotional WhatsApp')).not.toBeChecked();
    expect(toggle('Newsletter email')).toBeChecked();
    expect(toggle('Newsletter SMS')).not.toBeChecked();
    expect(toggle('Newsletter WhatsApp')).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(9);
    // a table with category row headers and channel column headers
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: /Promotional/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'WhatsApp' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
  });

  it('greets an account with no names (null, as made at a till) by its email', async () => {
    const vikram = repo.read().customers.cus_1002!;
    vikram.first_name = null;
    vikram.last_name = null;
    await open('vikram');
    expect(screen.getByText(/Choose how we may contact you/)).toHaveTextContent(
      'Choose how we may contact you, vikram@example.com.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('greets an account with a last name alone by it', async () => {
    repo.read().customers.cus_1002!.first_name = null;
    await open('vikram');
    expect(screen.getByText(/Choose how we may contact you/)).toHaveTextContent(
      'Choose how we may contact you, Shah (vikram@example.com).',
    );
  });

  it('asks a signed-out visitor to sign in and come back', async () => {
    renderApp(ROUTE, { session: null });
    expect(
      await screen.findByText('Sign in to see and change your notification settings.'),
    ).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/settings?next=${encodeURIComponent(ROUTE)}`,
    );
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('explains a 403 when the token belongs to someone else', async () => {
    repo.read().tokens['demo-customer-token']!.userId = 'cus_1002';
    renderApp(ROUTE, { session: 'asha' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /does not belong to user "cus_1001"/,
    );
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('words a 404 (the account no longer exists) for this screen', async () => {
    delete repo.read().customers.cus_1001;
    renderApp(ROUTE, { session: 'asha' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /no customer account with the user id "cus_1001"/,
    );
  });

  it('offers a retry when loading fails, and the retry loads', async () => {
    failNextUserRead();
    const { user } = renderApp(ROUTE, { session: 'asha' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your notification settings');
    const retried = holdNext(server, 'get', '*/auth/user/cus_1001');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // the message stays, with focus on its pending Try again, until the settings come
    expect(screen.getByRole('button', { name: 'Trying again…' })).toHaveFocus();
    retried.release();
    expect(await screen.findByRole('switch', { name: 'Promotional SMS' })).not.toBeChecked();
    expect(screen.getByRole('heading', { level: 1, name: 'Notification settings' })).toHaveFocus();
  });
});

describe('notification settings: editing', () => {
  it('marks what changed, enables Save, and discards back to the saved state', async () => {
    const { user } = await open('asha');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(toggle('Promotional SMS'));
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(save).toBeEnabled();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Unsaved changes' });
    expect(list).toHaveTextContent('Promotional SMS: turned on');
    expect(screen.getAllByText('Changed')).toHaveLength(1);

    // turning it back is no change at all
    await user.click(toggle('Promotional SMS'));
    expect(save).toBeDisabled();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();

    await user.click(toggle('Newsletter email'));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(toggle('Newsletter email')).toBeChecked();
    expect(save).toBeDisabled();
    // the Discard button went with the changes: the news takes its focus, and is read out
    expect(screen.getByText('Changes discarded')).toBeInTheDocument();
    // the focused box (title and text) has no role of its own to query it by
    // eslint-disable-next-line testing-library/no-node-access
    expect(document.activeElement).toHaveTextContent(
      'Changes discardedYour notification settings are as they were last saved.',
    );
    expect(screen.queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();

    // the next edit is unsaved again
    await user.click(toggle('Newsletter email'));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(screen.queryByText('Changes discarded')).not.toBeInTheDocument();
  });

  it('a double click on Save saves once, also when the second click comes before a render', async () => {
    const requests = sentRequests(server, 'PUT', '/notification-preferences');
    const { user } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    const save = screen.getByRole('button', { name: 'Save' });
    // two clicks in one task: React has not drawn the pending Save in between
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('turns a whole category on or off', async () => {
    const { user } = await open('asha');
    await user.click(screen.getByRole('button', { name: 'Turn all on for promotional' }));
    expect(toggle('Promotional email')).toBeChecked();
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(toggle('Promotional WhatsApp')).toBeChecked();
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn all off for transactional' }));
    expect(toggle('Transactional email')).not.toBeChecked();
    expect(toggle('Transactional SMS')).not.toBeChecked();
    expect(toggle('Transactional WhatsApp')).not.toBeChecked();
    expect(screen.getByText('5 unsaved changes')).toBeInTheDocument();
  });
});

describe('notification settings: saving', () => {
  it("updates Asha's stored preferences, confirms with the time, and shows them after a reload", async () => {
    const { user, unmount } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    await user.click(toggle('Newsletter email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await expectSaved();
    // announced politely, in a live region that was already in the page
    expect(screen.getAllByRole('status').some((s) => /saved at/i.test(s.textContent ?? ''))).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
    expect(screen.queryByText(/changed elsewhere/i)).not.toBeInTheDocument();
    expect(stored('cus_1001')).toEqual({
      transactional: { email: true, sms: true, whatsapp: true },
      promotional: { email: true, sms: true, whatsapp: false },
      newsletter: { email: false, sms: false, whatsapp: false },
    });

    unmount();
    await open('asha');
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(toggle('Newsletter email')).not.toBeChecked();
  });

  it('saves while the browser thinks it is offline: asked at once, not held to go out later by itself', async () => {
    const { user } = await open('asha');
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    await user.click(toggle('Promotional SMS'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // the service (in the page, in the demo) answers: a request that could not go out would fail
    // with Try again, not wait unseen as "Saving…"
    await expectSaved();
    expect(stored('cus_1001')?.promotional.sms).toBe(true);
  });

  it('saves two switches changed in one category, both of them', async () => {
    const { user, unmount } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    await user.click(toggle('Promotional WhatsApp'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(stored('cus_1001')?.promotional).toEqual({ email: true, sms: true, whatsapp: true });

    unmount();
    await open('asha');
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(toggle('Promotional WhatsApp')).toBeChecked();
    expect(screen.getByText('No unsaved changes.')).toBeInTheDocument();
  });

  it('starts Vikram (nothing stored) from a marked suggestion and creates his preferences', async () => {
    const { user, unmount } = await open('vikram');
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    expect(screen.getByText('These suggested settings are not saved yet.')).toBeInTheDocument();
    expect(toggle('Transactional email')).toBeChecked();
    expect(toggle('Transactional WhatsApp')).toBeChecked();
    expect(toggle('Promotional email')).not.toBeChecked();
    expect(toggle('Newsletter SMS')).not.toBeChecked();
    // nothing is stored, so the suggestion itself can be saved as it is
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(stored('cus_1002')).toBeNull();

    await user.click(toggle('Newsletter email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
    expect(stored('cus_1002')).toEqual({
      transactional: { email: true, sms: true, whatsapp: true },
      promotional: { email: false, sms: false, whatsapp: false },
      newsletter: { email: true, sms: false, whatsapp: false },
    });

    // a second save now updates what was created
    await user.click(toggle('Newsletter email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(stored('cus_1002')?.newsletter.email).toBe(false);

    unmount();
    await open('vikram');
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
    expect(toggle('Newsletter email')).not.toBeChecked();
  });

  it('preferences created on another device meanwhile (POST answers 409): saves only the changes, keeps that opt-in, and says so', async () => {
    const { user } = await open('vikram');
    // device A, opened at the same time, turned Promotional email on and saved
    service.createPreferences('cus_1002', {
      transactional: { email: true, sms: true, whatsapp: true },
      promotional: { email: true, sms: false, whatsapp: false },
      newsletter: { email: false, sms: false, whatsapp: false },
    });
    // this screen (device B) still shows the suggestion, with Promotional email off
    await user.click(toggle('Transactional SMS'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(stored('cus_1002')).toEqual({
      transactional: { email: true, sms: false, whatsapp: true },
      promotional: { email: true, sms: false, whatsapp: false },
      newsletter: { email: false, sms: false, whatsapp: false },
    });
    // the screen shows what is stored, and says which switch came from elsewhere
    expect(toggle('Promotional email')).toBeChecked();
    expect(toggle('Transactional SMS')).not.toBeChecked();
    expect(screen.getByText(/these settings were changed elsewhere/i)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Changed elsewhere' })).toHaveTextContent(
      /^Promotional email: on$/,
    );
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('nor does the suggestion turn opt-outs made on another device meanwhile back on', async () => {
    const { user } = await open('vikram');
    service.createPreferences('cus_1002', ALL_OFF);
    await user.click(toggle('Promotional email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(stored('cus_1002')).toEqual({
      ...ALL_OFF,
      promotional: { email: true, sms: false, whatsapp: false },
    });
    expect(toggle('Transactional email')).not.toBeChecked();
    expect(screen.getByRole('list', { name: 'Changed elsewhere' })).toHaveTextContent(
      'Transactional email: offTransactional SMS: offTransactional WhatsApp: off',
    );
  });

  it('saves over preferences deleted meanwhile (PUT answers 404, then POST)', async () => {
    const { user } = await open('asha');
    repo.read().customers.cus_1001!.notification_preferences = null;
    await user.click(toggle('Newsletter WhatsApp'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(stored('cus_1001')).toEqual({
      transactional: { email: true, sms: true, whatsapp: true },
      promotional: { email: true, sms: false, whatsapp: false },
      newsletter: { email: true, sms: false, whatsapp: true },
    });
  });
});

describe('notification settings: failures keep the choices', () => {
  it.each([
    ['a server error', () => faults.set({ failNext: 1 })],
    ['a dropped connection', () => faults.set({ dropNext: 1 })],
    [
      "an answer that is not the service's (a Wi-Fi login page)",
      () =>
        server.use(
          http.put(
            '*/notification-preferences',
            () =>
              new HttpResponse('<html>Please log in to the Wi-Fi</html>', {
                headers: { 'Content-Type': 'text/html' },
              }),
            { once: true },
          ),
        ),
    ],
  ])('after %s, keeps the choices and the retry saves them', async (_, inject) => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional WhatsApp'));
    inject();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your changes may not have been saved');
    expect(alert).toHaveTextContent('Your choices are still on this screen');
    // focus goes from Save to what happened (docs/focus-and-announcements.md)
    // eslint-disable-next-line testing-library/no-node-access -- the focus box around the alert
    expect(alert.closest('[tabindex="-1"]')).toHaveFocus();
    expect(toggle('Promotional WhatsApp')).toBeChecked();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(stored('cus_1001')?.promotional.whatsapp).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expectSaved();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(stored('cus_1001')?.promotional.whatsapp).toBe(true);
  });

  it('the failure stays while its Try again runs, so focus stays on the pending button', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional WhatsApp'));
    faults.set({ failNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');

    const retried = holdNext(server, 'put', '*/auth/user/cus_1001/notification-preferences');
    const again = screen.getByRole('button', { name: 'Try again' });
    await user.click(again);
    // the retry is on its way: its button says so and keeps the keyboard's place
    expect(alert).toBeInTheDocument();
    expect(again).toHaveAttribute('aria-disabled', 'true');
    expect(again).toHaveFocus();
    retried.release();
    await expectSaved();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(stored('cus_1001')?.promotional.whatsapp).toBe(true);
  });

  it('a failed refresh keeps the form and the edits, with a warning and a retry', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    failNextUserRead();
    // a background refetch (on reconnect, or once the data is stale) fails
    await act(() => queryClient.refetchQueries());

    const warning = 'Could not refresh your notification settings';
    expect(await screen.findByText(warning)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(warning)).not.toBeInTheDocument());
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('a refresh refused with 401 asks to sign in again (no retry that cannot help), keeping the edits', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    delete repo.read().tokens['demo-customer-token'];
    await act(() => queryClient.refetchQueries());

    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    expect(
      screen.queryByText('Could not refresh your notification settings'),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(toggle('Promotional SMS')).toBeChecked();
  });

  it('a 401 on save leads to sign-in and keeps the choices', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    delete repo.read().tokens['demo-customer-token'];
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/settings?next=${encodeURIComponent(ROUTE)}`,
    );
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a 403 on save is explained and keeps the choices', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    repo.read().tokens['demo-customer-token']!.userId = 'cus_1002';
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not allowed');
    expect(alert).toHaveTextContent(/belongs to a different user/);
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(stored('cus_1001')?.promotional.sms).toBe(false);
  });

  it('a refusal (400) shows the service message without a pointless retry', async () => {
    server.use(
      http.put(
        '*/auth/user/:userId/notification-preferences',
        () =>
          HttpResponse.json(
            {
              success: false,
              message: 'The request body is not valid.',
              code: 'validation_error',
            },
            { status: 400 },
          ),
        { once: true },
      ),
    );
    const { user } = await open('asha');
    await user.click(toggle('Newsletter SMS'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your changes were not saved');
    expect(alert).toHaveTextContent('The request body is not valid.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(toggle('Newsletter SMS')).toBeChecked();
    // Save is still there for a later attempt
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(stored('cus_1001')?.newsletter.sms).toBe(true);
  });

  it('a Try again that fails again says so, where the alert is read out', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Newsletter SMS'));
    faults.set({ failNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent(/failed again/);
    faults.set({ failNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(alert).toHaveTextContent('Tried again: it failed again.'));
    faults.set({ failNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(alert).toHaveTextContent('it failed again (2 times)'));
    expect(toggle('Newsletter SMS')).toBeChecked();
  });
});

describe('notification settings: a save whose answer is lost', () => {
  /** The next save is made in the store, then its answer is lost on the way back. */
  const storeSavesThenAnswerIsLost = (id: 'cus_1001' | 'cus_1002') =>
    server.use(
      http.all(
        '*/auth/user/:userId/notification-preferences',
        async ({ request }) => {
          const body = (await request.json()) as {
            notification_preferences: Partial<NotificationPreferences>;
          };
          const customer = repo.read().customers[id]!;
          const before = customer.notification_preferences ?? ALL_OFF;
          const sent = body.notification_preferences;
          customer.notification_preferences = {
            transactional: { ...before.transactional, ...sent.transactional },
            promotional: { ...before.promotional, ...sent.promotional },
            newsletter: { ...before.newsletter, ...sent.newsletter },
          };
          return HttpResponse.error();
        },
        { once: true },
      ),
    );

  it('reads the settings back and says they were saved when they are stored as asked', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional WhatsApp'));
    storeSavesThenAnswerIsLost('cus_1001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/unsaved change/)).not.toBeInTheDocument();
    expect(toggle('Promotional WhatsApp')).toBeChecked();
    expect(stored('cus_1001')?.promotional.whatsapp).toBe(true);
  });

  it('also when they were created by it (nothing was stored before)', async () => {
    const { user } = await open('vikram');
    await user.click(toggle('Newsletter email'));
    storeSavesThenAnswerIsLost('cus_1002');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
    expect(stored('cus_1002')?.newsletter.email).toBe(true);
  });

  it('when the read back fails too, a Discard reads them again: the screen shows what is stored', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional WhatsApp'));
    storeSavesThenAnswerIsLost('cus_1001');
    failNextUserRead();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your changes may not have been saved',
    );
    expect(stored('cus_1001')?.promotional.whatsapp).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    // not "as they were last saved": the save may have replaced those
    expect(
      screen.getByText(/your last save got no answer, so it may have been made/i),
    ).toBeVisible();
    expect(screen.queryByText(/as they were last saved/)).not.toBeInTheDocument();
    await waitFor(() => expect(toggle('Promotional WhatsApp')).toBeChecked());
    expect(screen.queryByText(/unsaved change/)).not.toBeInTheDocument();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
  });

  it('when the read back worked, a Discard goes back to what it read, without reading again', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional WhatsApp'));
    const reads = sentRequests(server, 'GET', '/auth/user/cus_1001');
    // dropped before the service saw it: the read back finds the old setting stored
    faults.set({ dropNext: 1 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your changes may not have been saved',
    );
    expect(reads).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(
      screen.getByText('Your notification settings are as they were last saved.'),
    ).toBeVisible();
    expect(toggle('Promotional WhatsApp')).not.toBeChecked();
    expect(reads).toHaveLength(1);
  });

  it('for a customer with nothing stored, a Discard does not call the saved ones "suggested"', async () => {
    const { user } = await open('vikram');
    await user.click(toggle('Newsletter email'));
    storeSavesThenAnswerIsLost('cus_1002');
    failNextUserRead();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByText(/suggested settings again/)).not.toBeInTheDocument();
    await waitFor(() => expect(toggle('Newsletter email')).toBeChecked());
    expect(screen.queryByText('Not saved yet')).not.toBeInTheDocument();
  });
});

describe('notification settings: leaving with unsaved changes', () => {
  it('asks first; Stay keeps the changes, Leave goes', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('link', { name: 'Store' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You changed 1 notification setting that is not saved yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();

    await user.click(within(nav).getByRole('link', { name: 'Store' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Indigo Threads' }),
    ).toBeInTheDocument();
  });

  it('does not ask once the changes are saved', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Store',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Indigo Threads' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm a reload or close while changes are unsaved', async () => {
    const { user } = await open('asha');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(toggle('Promotional SMS'));
    expect(unload()).toBe(true);
  });
});

describe('notification settings: changed elsewhere meanwhile', () => {
  /** Asha turns newsletter email off on her phone: the service changes, this screen does not. */
  const changeOnPhone = () =>
    service.updatePreferences('cus_1001', { newsletter: { email: false } });

  /**
   * The next read of the user is answered with the settings as they are now, but only when
   * `answer()` is called: an answer from before a save, arriving after it.
   */
  function answerNextReadLate() {
    const before = structuredClone(service.getUser('cus_1001'));
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(
        '*/auth/user/:userId',
        async () => {
          await answered;
          return HttpResponse.json({ success: true, message: 'User', content: { user: before } });
        },
        { once: true },
      ),
    );
    return answer;
  }

  it('a later visit shows the newer settings once they arrive, not the cached ones', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(within(nav()).getByRole('link', { name: 'Store' }));
    await screen.findByRole('heading', { level: 1, name: 'About Indigo Threads' });
    changeOnPhone();
    // what staleTime does in the app: the cached settings are old by the next visit
    await act(() => queryClient.invalidateQueries());

    await user.click(within(nav()).getByRole('link', { name: 'Notifications' }));
    // the cached settings are drawn first, then the refetch brings the phone's change
    await waitFor(() => expect(toggle('Newsletter email')).not.toBeChecked());
    expect(screen.getByText('No unsaved changes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText(/changed elsewhere/)).not.toBeInTheDocument();
  });

  it('coming back to the tab reads the settings again once they are old', async () => {
    const { queryClient } = await open('asha');
    onTestFinished(() => focusManager.setFocused(undefined));
    const reads = sentRequests(server, 'GET', '/auth/user/cus_1001');
    changeOnPhone();
    // the customer switches to another tab and back before the settings are old: no read (counted
    // at the end: a read is sent a moment after the focus)
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    expect(toggle('Newsletter email')).toBeChecked();

    // later (what staleTime does in the app), coming back reads them and shows the phone's change
    await act(() => queryClient.invalidateQueries({ refetchType: 'none' }));
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(toggle('Newsletter email')).not.toBeChecked());
    expect(screen.getByText('No unsaved changes.')).toBeInTheDocument();
    // that one read, and none at the first return to the tab
    expect(reads).toHaveLength(1);
  });

  it('newer settings arriving during an edit keep the edit, show the rest, and Save reverts nothing', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    changeOnPhone();
    await act(() => queryClient.refetchQueries());

    expect(await screen.findByText('These settings were changed elsewhere')).toBeInTheDocument();
    expect(toggle('Newsletter email')).not.toBeChecked();
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Unsaved changes' })).toHaveTextContent(
      'Promotional SMS: turned on',
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(screen.queryByText('These settings were changed elsewhere')).not.toBeInTheDocument();
    expect(stored('cus_1001')).toEqual({
      transactional: { email: true, sms: true, whatsapp: true },
      promotional: { email: true, sms: true, whatsapp: false },
      newsletter: { email: false, sms: false, whatsapp: false },
    });
  });

  it('an edit the other device made as well is no longer an unsaved change', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Newsletter email'));
    changeOnPhone();
    await act(() => queryClient.refetchQueries());

    expect(await screen.findByText('No unsaved changes.')).toBeInTheDocument();
    expect(toggle('Newsletter email')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('Save sends only the changed switches, so a change made elsewhere since loading stays', async () => {
    const { user } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    changeOnPhone(); // and this screen never refetched
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(stored('cus_1001')?.newsletter.email).toBe(false);
    expect(stored('cus_1001')?.promotional.sms).toBe(true);
    // the screen now shows what is stored, the phone's change included
    expect(toggle('Newsletter email')).not.toBeChecked();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // ...and says it was changed elsewhere, since the screen showed it on
    expect(screen.getByRole('list', { name: 'Changed elsewhere' })).toHaveTextContent(
      /^Newsletter email: off$/,
    );
  });
  it('an older read arriving after Save does not put the old settings back', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    // a reload of the settings (on reconnect, or once they are stale) is read before the save
    // and answered slowly, after it
    const answer = answerNextReadLate();
    act(() => void queryClient.refetchQueries());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    answer();

    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
    expect(stored('cus_1001')?.promotional.sms).toBe(true);
  });

  it('a read sent while Save is out (coming back to the tab) does not put the old settings back', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    const save = holdNext(server, 'put', '*/auth/user/cus_1001/notification-preferences');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await act(() => save.arrived);
    // the read goes out after Save's own cancelling, is answered before the save is applied,
    // and arrives after it
    const answer = answerNextReadLate();
    act(() => void queryClient.refetchQueries());
    save.release();
    await expectSaved();
    answer();

    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(stored('cus_1001')?.promotional.sms).toBe(true);
  });

  it('"changed elsewhere" is over once nothing is unsaved', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    changeOnPhone();
    await act(() => queryClient.refetchQueries());
    expect(await screen.findByText('These settings were changed elsewhere')).toBeInTheDocument();

    await user.click(toggle('Promotional SMS'));
    expect(screen.getByText('No unsaved changes.')).toBeInTheDocument();
    // a new edit: nothing has changed elsewhere since
    await user.click(toggle('Transactional SMS'));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(screen.queryByText('These settings were changed elsewhere')).not.toBeInTheDocument();
  });
});

describe('notification settings: signed out while editing', () => {
  /** Asha's token stops working (expired); `restore` makes it valid again. */
  function expireToken() {
    const tokens = repo.read().tokens;
    const token = tokens['demo-customer-token']!;
    delete tokens['demo-customer-token'];
    return { restore: () => void (repo.read().tokens['demo-customer-token'] = token) };
  }

  async function saveSignedOut(user: ReturnType<typeof renderApp>['user']) {
    await user.click(toggle('Promotional SMS'));
    await user.click(toggle('Newsletter email'));
    const expired = expireToken();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    expect(screen.getByText(/your unsaved changes are kept/i)).toBeInTheDocument();
    // the changes are kept, so signing in does not ask to leave them
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection and sign-in' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expired.restore();
  }

  it('restores the changes when the same customer signs in again, until they are saved', async () => {
    const { user, unmount } = await open('asha');
    await saveSignedOut(user);
    await user.click(screen.getByRole('button', { name: /Sign in as Asha Rao/ }));

    expect(await screen.findByText('Your unsaved changes were restored')).toBeInTheDocument();
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(toggle('Newsletter email')).not.toBeChecked();
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    expect(stored('cus_1001')?.promotional.sms).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(screen.queryByText('Your unsaved changes were restored')).not.toBeInTheDocument();
    expect(stored('cus_1001')?.promotional.sms).toBe(true);
    expect(stored('cus_1001')?.newsletter.email).toBe(false);

    // saved: a reload of the screen has nothing to restore
    unmount();
    mountApp(ROUTE);
    await screen.findByRole('switch', { name: 'Promotional SMS' }, { timeout: 5000 });
    expect(screen.queryByText('Your unsaved changes were restored')).not.toBeInTheDocument();
    expect(screen.getByText('No unsaved changes.')).toBeInTheDocument();
  });

  it('restores them when the customer signs in with a new token the store gave them', async () => {
    const { user } = await open('asha');
    await saveSignedOut(user);
    // the old token stays expired: the store has given her another one
    delete repo.read().tokens['demo-customer-token'];
    repo.read().tokens['asha-renewed-token'] = { role: 'customer', userId: 'cus_1001' };
    const token = screen.getByLabelText('Access token');
    await user.clear(token);
    await user.type(token, 'asha-renewed-token');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));

    expect(await screen.findByText('Your unsaved changes were restored')).toBeInTheDocument();
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectSaved();
    expect(stored('cus_1001')?.promotional.sms).toBe(true);
  });

  it("keeps them for that service: another API's store of the same ID and user ID does not get them", async () => {
    const { user } = await open('asha');
    await saveSignedOut(user);
    const demo = sessionStore.get().settings;
    act(() => sessionStore.saveSettings({ ...demo, baseUrl: 'https://api.other.example' }));
    await user.click(within(nav()).getByRole('link', { name: 'Notifications' }));
    await screen.findByRole('switch', { name: 'Promotional SMS' }, { timeout: 5000 });
    expect(screen.queryByText('Your unsaved changes were restored')).not.toBeInTheDocument();
    expect(toggle('Promotional SMS')).not.toBeChecked();

    // the demo service again: there they are
    await user.click(within(nav()).getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { level: 1, name: 'Connection and sign-in' });
    act(() => sessionStore.saveSettings(demo));
    await user.click(within(nav()).getByRole('link', { name: 'Notifications' }));
    expect(await screen.findByText('Your unsaved changes were restored')).toBeInTheDocument();
    expect(toggle('Promotional SMS')).toBeChecked();
  });

  it('keeps them too when a refresh is refused with 401', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    const expired = expireToken();
    await act(() => queryClient.refetchQueries());
    await user.click(
      within(await screen.findByRole('main')).getByRole('link', { name: 'Sign in' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection and sign-in' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expired.restore();

    await user.click(screen.getByRole('button', { name: /Sign in as Asha Rao/ }));
    expect(await screen.findByText('Your unsaved changes were restored')).toBeInTheDocument();
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('never shows them to a different customer, nor to the first one after that', async () => {
    const { user } = await open('asha');
    await saveSignedOut(user);
    await user.click(screen.getByRole('button', { name: /Sign in as Vikram Shah/ }));
    // Vikram lands on his own (suggested) settings
    expect(await screen.findByText('Not saved yet')).toBeInTheDocument();
    expect(screen.queryByText('Your unsaved changes were restored')).not.toBeInTheDocument();
    expect(toggle('Promotional SMS')).not.toBeChecked();

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Settings',
      }),
    );
    await user.click(await screen.findByRole('button', { name: /Sign in as Asha Rao/ }));
    await screen.findByRole('switch', { name: 'Promotional SMS' });
    expect(screen.queryByText('Your unsaved changes were restored')).not.toBeInTheDocument();
    expect(toggle('Promotional SMS')).not.toBeChecked();
    expect(toggle('Newsletter email')).toBeChecked();
  });

  it('signing in again with the same token reads them again, and the kept copy goes', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    const expired = expireToken();
    await act(() => queryClient.refetchQueries());
    await user.click(
      within(await screen.findByRole('main')).getByRole('link', { name: 'Sign in' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Connection and sign-in' });
    expired.restore();
    await user.click(screen.getByRole('button', { name: /Sign in as Asha Rao/ }));

    expect(await screen.findByText('Your unsaved changes were restored')).toBeInTheDocument();
    // the refusal from before the sign-in is not shown again: the screen read the settings again
    await waitFor(() => expect(screen.queryByText('Sign in to continue')).not.toBeInTheDocument());
    expect(toggle('Promotional SMS')).toBeChecked();

    // ordinary unsaved changes now: leaving asks, and Leave discards them for good
    await leaveDiscardingAndComeBack(user);
  });

  it('a sign-out in another tab says why the unsaved changes are gone; one here does not', async () => {
    const { user } = await open('asha');
    const asha = DEMO_IDENTITIES.find((d) => d.id === 'asha')!;
    act(() => sessionStore.signIn(asha, true)); // remembered: shared with the other tab
    await user.click(toggle('Promotional SMS'));
    act(() => {
      localStorage.removeItem(IDENTITY_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY }));
    });
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByText(
        'You were signed out in another tab. Changes not saved here were not kept; one that was on its way may have been made.',
      ),
    ).toBeInTheDocument();

    // signing in and out in this tab: the person knows, nothing to explain
    act(() => sessionStore.signIn(asha, false));
    await screen.findByRole('switch', { name: 'Promotional SMS' });
    act(() => sessionStore.signOut());
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    expect(screen.queryByText(/signed out in another tab/)).not.toBeInTheDocument();
  });

  it('the API address saved with a trailing slash in another tab keeps the unsaved changes', async () => {
    // a service at an address (not the demo's, which has none)
    const settings = { ...sessionStore.get().settings, baseUrl: window.location.origin };
    sessionStore.saveSettings(settings);
    sessionStore.signIn(
      DEMO_IDENTITIES.find((d) => d.id === 'asha')!,
      true,
    );
    const { user } = mountApp(ROUTE);
    await user.click(
      await screen.findByRole('switch', { name: 'Promotional SMS' }, { timeout: 5000 }),
    );
    act(() => sessionStore.saveSettings({ ...settings, baseUrl: `${settings.baseUrl}/` }));
    // the same service: nothing is read again, nothing is dropped
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('a sign-in in another tab while the screen asks to sign in reads the settings again', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    const expired = expireToken();
    await act(() => queryClient.refetchQueries());
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();

    // the other tab signs in again, and its token is this one
    expired.restore();
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: IDENTITY_KEY })));
    await waitFor(() => expect(screen.queryByText('Sign in to continue')).not.toBeInTheDocument());
    expect(toggle('Promotional SMS')).toBeChecked();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
  });

  it('lets go of the kept changes once a read works again, so discarded ones never return', async () => {
    const { user, queryClient } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    const expired = expireToken();
    await act(() => queryClient.refetchQueries());
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    // the token works again (the service was briefly wrong) and a later refresh succeeds
    expired.restore();
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(screen.queryByText('Sign in to continue')).not.toBeInTheDocument());

    await leaveDiscardingAndComeBack(user);
  });

  it('"restored" is over once nothing is unsaved', async () => {
    const { user } = await open('asha');
    await saveSignedOut(user);
    await user.click(screen.getByRole('button', { name: /Sign in as Asha Rao/ }));
    expect(await screen.findByText('Your unsaved changes were restored')).toBeInTheDocument();

    await user.click(toggle('Promotional SMS'));
    await user.click(toggle('Newsletter email'));
    expect(screen.getByText('No unsaved changes.')).toBeInTheDocument();
    // a new edit is not one that was restored
    await user.click(toggle('Transactional SMS'));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    expect(screen.queryByText('Your unsaved changes were restored')).not.toBeInTheDocument();
  });

  it('a refresh refused with 401 while leaving is asked about does not leave unanswered', async () => {
    const { user, queryClient, history } = await open('asha');
    await user.click(toggle('Promotional SMS'));
    await user.click(within(nav()).getByRole('link', { name: 'Store' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });

    expireToken();
    await act(() => queryClient.refetchQueries());
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(history.location.pathname).toBe(ROUTE);

    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(history.location.pathname).toBe(ROUTE);
    expect(toggle('Promotional SMS')).toBeChecked();
  });
});
