import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { terminalLocationStore } from '@/lib/terminal-location';
import { renderApp } from '@/testing/render-app';
import { holdNext, setupTestServer } from '@/testing/test-server';

const { server, service } = setupTestServer();
const LOCATIONS_URL = '*/api/v1/demo-store/storefront/pos/locations';
const useApiKey = (apiKey: string) =>
  act(() => sessionStore.saveSettings({ ...sessionStore.get().settings, apiKey }));

beforeEach(() => terminalLocationStore.clear());
afterEach(() => service.setExtraLocations(0));

/** The polite live region that announces the number of results. */
async function findCount(text: string) {
  // the first load fetches the screen's chunk too: allow for a busy test machine
  const count = await screen.findByText(text, undefined, { timeout: 4000 });
  expect(count).toHaveAttribute('aria-live', 'polite');
  return count;
}

const list = () => screen.getByRole('list', { name: 'Locations' });
const shownNames = () =>
  within(list())
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
const card = (name: string) => screen.getByRole('article', { name });

async function openLocations() {
  const view = renderApp('/pos/locations');
  await findCount('10 locations');
  return view;
}

describe('locations list', { timeout: 15_000 }, () => {
  it('lists every location, the default first, with address, contact, hours and services', async () => {
    await openLocations();
    expect(screen.getByRole('heading', { level: 1, name: 'Store locations' })).toBeInTheDocument();
    expect(shownNames()[0]).toBe('Indigo Threads Indiranagar');
    const first = card('Indigo Threads Indiranagar');
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(within(first).getByText('100 Feet Road, HAL 2nd Stage')).toBeInTheDocument();
    expect(within(first).getByText('Bengaluru, Karnataka 560038')).toBeInTheDocument();
    expect(within(first).getByText('+91 8041234567')).toBeInTheDocument();
    expect(within(first).getByText('blr.indiranagar@indigothreads.example')).toBeInTheDocument();
    expect(within(first).getByText('Mon–Sun 10:30–21:30')).toBeInTheDocument();
    expect(within(first).getByText('Click and collect')).toBeInTheDocument();
    expect(within(first).getByText('Accepts returns')).toBeInTheDocument();
    // phone and email are text: only http(s) URLs may reach an href
    expect(within(first).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card('Indigo Threads Khan Market')).getByText('No returns')).toBeInTheDocument();
    expect(screen.getByText(/No location is chosen for this terminal yet/)).toBeInTheDocument();
  });

  it('searches by name, city and pincode, and announces the number of results', async () => {
    const { user } = await openLocations();
    const search = screen.getByRole('searchbox', { name: 'Search locations' });

    await user.type(search, 'jaya');
    await findCount('1 of 10 locations');
    expect(shownNames()).toEqual(['Indigo Threads Jayanagar']);

    await user.clear(search);
    await user.type(search, 'MUMBAI');
    await findCount('1 of 10 locations');
    expect(shownNames()).toEqual(['Indigo Threads Bandra']);

    await user.clear(search);
    await user.type(search, '600017');
    await findCount('1 of 10 locations');
    expect(shownNames()).toEqual(['Indigo Threads T. Nagar']);

    // every word must match: the city and the start of a pincode
    await user.clear(search);
    await user.type(search, 'bengaluru 5600');
    await findCount('2 of 10 locations');
    expect(shownNames()).toEqual(['Indigo Threads Indiranagar', 'Indigo Threads Jayanagar']);

    // an address typed as the card shows it: the commas do not count
    await user.clear(search);
    await user.type(search, 'Khan Market, New Delhi');
    await findCount('1 of 10 locations');
    expect(shownNames()).toEqual(['Indigo Threads Khan Market']);

    await user.clear(search);
    await user.type(search, 'zzz');
    await findCount('No locations match (of 10)');
    expect(screen.getByText('No locations match the search and filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await findCount('10 locations');
    expect(search).toHaveValue('');
  });

  it('"Clear search and filters" goes once nothing is filtered, and leaves focus on the search', async () => {
    const { user } = await openLocations();
    const search = screen.getByRole('searchbox', { name: 'Search locations' });
    await user.type(search, 'pune');
    // the last filter: the button comes next in Tab order
    await user.click(screen.getByRole('checkbox', { name: 'Show inactive' }));
    await findCount('1 of 10 locations');

    // by keyboard: the pressed button disappears, focus must not fall to the page
    await user.tab();
    const clear = screen.getByRole('button', { name: 'Clear search and filters' });
    expect(clear).toHaveFocus();
    await user.keyboard('{Enter}');
    await findCount('10 locations');
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();
    expect(search).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Show inactive' })).toBeChecked();
    expect(search).toHaveFocus();
  });

  it.each([
    ['Accepts returns', 8, 'Indigo Threads Khan Market'],
    ['Click and collect', 9, 'Indigo Threads Warehouse Hoskote'],
    ['Ships parcels', 6, 'Indigo Threads Jayanagar'],
    ['Checkout point', 9, 'Indigo Threads Warehouse Hoskote'],
  ])('the "%s" filter keeps only locations that offer it', async (label, count, excluded) => {
    const { user } = await openLocations();
    expect(screen.getByRole('heading', { name: excluded })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: label }));
    await findCount(`${count} of 10 locations`);
    expect(screen.queryByRole('heading', { name: excluded })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: label }));
    await findCount('10 locations');
  });

  it('filters combine with each other and with the search, by keyboard alone', async () => {
    const { user } = await openLocations();
    screen.getByRole('checkbox', { name: 'Click and collect' }).focus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Ships parcels' })).toHaveFocus();
    await user.keyboard(' ');
    await findCount('5 of 10 locations');
    expect(shownNames()).toEqual([
      'Indigo Threads Indiranagar',
      'Indigo Threads Bandra',
      'Indigo Threads T. Nagar',
      'Indigo Threads Koregaon Park',
      'Indigo Threads C-Scheme',
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Search locations' }), 'maharashtra');
    await findCount('2 of 10 locations');
  });

  it('shows inactive locations by default but never lets them be chosen; "Show inactive" hides them', async () => {
    const { user } = await openLocations();
    const parkStreet = card('Indigo Threads Park Street');
    expect(within(parkStreet).getByText('Inactive')).toBeInTheDocument();
    expect(within(parkStreet).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(parkStreet).getByText('Inactive locations cannot be chosen.'),
    ).toBeInTheDocument();
    expect(
      within(card('Indigo Threads Bandra')).getByRole('button', {
        name: 'Use this location: Indigo Threads Bandra',
      }),
    ).toBeEnabled();

    const showInactive = screen.getByRole('checkbox', { name: 'Show inactive' });
    expect(showInactive).toBeChecked();
    await user.click(showInactive);
    await findCount('9 of 10 locations');
    expect(screen.queryByRole('article', { name: 'Indigo Threads Park Street' })).toBeNull();
  });
});

describe('choosing the terminal location', () => {
  it('persists the choice, shows it in the header and marks it in the list', async () => {
    const { user } = await openLocations();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Choose location' })).toBeInTheDocument();

    const button = screen.getByRole('button', { name: 'Use this location: Indigo Threads Bandra' });
    button.focus();
    await user.keyboard('{Enter}');

    const confirmation = await screen.findByText(
      'This terminal now uses Indigo Threads Bandra, Mumbai.',
    );
    // the pressed button is gone: focus lands on the confirmation, in a live region
    expect(confirmation).toHaveFocus();
    expect(screen.getAllByRole('status').some((region) => region.contains(confirmation))).toBe(
      true,
    );
    expect(
      within(banner).getByRole('link', { name: 'Location: Indigo Threads Bandra' }),
    ).toBeInTheDocument();
    const chosen = card('Indigo Threads Bandra');
    expect(within(chosen).getByText('This terminal')).toBeInTheDocument();
    expect(within(chosen).getByText('In use on this terminal.')).toBeInTheDocument();
    expect(within(list()).getByRole('listitem', { current: true })).toContainElement(chosen);
    expect(within(chosen).queryByRole('button')).not.toBeInTheDocument();
    // kept on the device for the next visit
    expect(JSON.parse(localStorage.getItem('storefront-app:terminal-location') ?? 'null')).toEqual({
      id: 'loc_mum_bandra',
      name: 'Indigo Threads Bandra',
      city: 'Mumbai',
      store: '["","demo-store"]',
    });

    await user.click(
      screen.getByRole('button', { name: 'Use this location: Indigo Threads T. Nagar' }),
    );
    expect(
      await within(banner).findByRole('link', { name: 'Location: Indigo Threads T. Nagar' }),
    ).toBeInTheDocument();
    expect(within(card('Indigo Threads Bandra')).getByRole('button')).toBeInTheDocument();
  });

  it("a location chosen in another store is not this store's", async () => {
    const { user } = renderApp('/pos/locations');
    const banner = screen.getByRole('banner');
    await user.click(
      await screen.findByRole('button', { name: 'Use this location: Indigo Threads T. Nagar' }),
    );
    expect(
      await within(banner).findByRole('link', { name: 'Location: Indigo Threads T. Nagar' }),
    ).toBeInTheDocument();
    const settings = sessionStore.get().settings;
    act(() => sessionStore.saveSettings({ ...settings, storeId: 'another-store' }));
    expect(within(banner).getByRole('link', { name: 'Choose location' })).toBeInTheDocument();
    // back in the first store, it is there again
    act(() => sessionStore.saveSettings(settings));
    expect(
      within(banner).getByRole('link', { name: 'Location: Indigo Threads T. Nagar' }),
    ).toBeInTheDocument();
  });

  it('never lets a location that is not a checkout point be chosen, and warns if it is in use', async () => {
    await openLocations();
    const warehouse = card('Indigo Threads Warehouse Hoskote');
    expect(within(warehouse).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(warehouse).getByText(
        'Not a checkout point: a POS terminal cannot ring up sales here.',
      ),
    ).toBeInTheDocument();
    // chosen before (an earlier version of the app offered it)
    act(() =>
      terminalLocationStore.set({
        id: 'loc_blr_wh',
        name: 'Indigo Threads Warehouse Hoskote',
        city: 'Bengaluru',
      }),
    );
    expect(
      await screen.findByText(
        'Indigo Threads Warehouse Hoskote is not a checkout point. Choose another location.',
      ),
    ).toBeInTheDocument();
  });

  it('takes back "This terminal now uses…" once another tab chooses another location', async () => {
    const { user } = renderApp('/pos/locations');
    await user.click(
      await screen.findByRole('button', { name: 'Use this location: Indigo Threads Bandra' }),
    );
    const said = 'This terminal now uses Indigo Threads Bandra, Mumbai.';
    expect(await screen.findByText(said)).toBeInTheDocument();
    act(() =>
      terminalLocationStore.set({
        id: 'loc_chn_tnagar',
        name: 'Indigo Threads T. Nagar',
        city: 'Chennai',
      }),
    );
    await waitFor(() => expect(screen.queryByText(said)).not.toBeInTheDocument());
    expect(screen.getByText('Indigo Threads T. Nagar', { selector: 'strong' })).toBeInTheDocument();
    // focus was on the confirmation: it goes to the summary that names the new one, not the page
    expect(screen.getByText(/This terminal’s location:/)).toHaveFocus();
  });

  it('warns when the terminal location has become inactive', async () => {
    renderApp('/pos/locations');
    act(() =>
      terminalLocationStore.set({
        id: 'loc_kol_park',
        name: 'Indigo Threads Park Street',
        city: 'Kolkata',
      }),
    );
    expect(
      await screen.findByText('Indigo Threads Park Street is inactive. Choose another location.'),
    ).toBeInTheDocument();
  });
});

describe('API key and failures', () => {
  it('a wrong API key leads to the Connection screen', async () => {
    const { user } = renderApp('/pos/locations');
    useApiKey('nope');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API key was not accepted');
    // what was typed stays while the message shows
    const search = screen.getByRole('searchbox', { name: 'Search locations' });
    await user.type(search, 'pune');
    await user.click(
      within(alert).getByRole('link', { name: 'Check the API key in Connection settings' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection and sign-in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'API key' })).toHaveValue('nope');
  });

  it('a corrected API key is not called refused while the service checks it', async () => {
    renderApp('/pos/locations');
    const good = sessionStore.get().settings.apiKey;
    useApiKey('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('The API key was not accepted');
    // corrected (in this tab or another): its first answer is still on its way
    const held = holdNext(server, 'get', LOCATIONS_URL);
    useApiKey(good);
    await held.arrived;
    expect(screen.queryByText('The API key was not accepted')).not.toBeInTheDocument();
    held.release();
    await findCount('10 locations');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a missing API key says so without asking the service', async () => {
    renderApp('/pos/locations');
    useApiKey('');
    expect(await screen.findByText('No API key is set')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Check the API key in Connection settings' }),
    ).toHaveAttribute('href', '/settings');
  });

  it('a server failure keeps the screen and what was typed, and offers a retry', async () => {
    server.use(
      http.get(
        LOCATIONS_URL,
        () =>
          HttpResponse.json(
            {
              success: false,
              message: 'Something went wrong on our side. Try again.',
              code: 'internal_error',
            },
            { status: 500 },
          ),
        { once: true },
      ),
    );
    const { user } = renderApp('/pos/locations');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the store locations');
    await user.type(screen.getByRole('searchbox', { name: 'Search locations' }), 'pune');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await findCount('1 of 10 locations');
    expect(shownNames()).toEqual(['Indigo Threads Koregaon Park']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a dropped connection offers a retry too', async () => {
    server.use(http.get(LOCATIONS_URL, () => HttpResponse.error(), { once: true }));
    const { user } = renderApp('/pos/locations');
    await screen.findByRole('alert');
    const retried = holdNext(server, 'get', LOCATIONS_URL);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // the message stays while the retry is out, with focus on its (pending) Try again
    expect(screen.getByRole('button', { name: 'Trying again…' })).toHaveFocus();
    retried.release();
    await findCount('10 locations');
    // then the list came in its place: focus goes to the screen's heading, not to the page
    expect(screen.getByRole('heading', { level: 1, name: 'Store locations' })).toHaveFocus();
  });
});

describe('thousands of locations', () => {
  it('draws only part of a long list, says where each item sits, and still filters it all', async () => {
    service.setExtraLocations(3000);
    const { user } = renderApp('/pos/locations');
    await findCount('3,010 locations');
    // placed by the virtualiser once its code is there (the first cards are drawn before)
    await waitFor(() =>
      expect(within(list()).getAllByRole('listitem')[0]).toHaveAttribute('data-index', '0'),
    );
    const items = within(list()).getAllByRole('listitem');
    expect(items.length).toBeLessThan(100);
    expect(items[0]).toHaveAttribute('aria-setsize', '3010');
    expect(items[0]).toHaveAttribute('aria-posinset', '1');

    await user.type(screen.getByRole('searchbox', { name: 'Search locations' }), 'outlet 2999');
    await findCount('1 of 3,010 locations');
    expect(shownNames()).toEqual(['Indigo Threads Outlet 2999']);
  });
});

describe('who may choose the terminal location', { timeout: 15_000 }, () => {
  it.each([
    ['a customer account', 'asha', 'Not allowed', 'Change who is signed in'],
    ['nobody signed in', null, 'Sign in to continue', 'Sign in'],
  ] as const)(
    '%s gets no list to choose from, and the way on',
    async (_who, session, title, link) => {
      const requests: string[] = [];
      server.events.on('request:start', ({ request }) => {
        if (new URL(request.url).pathname.endsWith('/pos/locations')) requests.push(request.url);
      });
      renderApp('/pos/locations', { session });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Store locations' }),
      ).toBeInTheDocument();
      const main = screen.getByRole('main');
      expect(within(main).getByText(title)).toBeInTheDocument();
      expect(within(main).getByRole('link', { name: link })).toHaveAttribute(
        'href',
        '/settings?next=%2Fpos%2Flocations',
      );
      expect(screen.queryByRole('list', { name: 'Locations' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Use this location/ })).not.toBeInTheDocument();
      expect(requests).toEqual([]);
      expect(terminalLocationStore.get()).toBeNull();
    },
  );
});
