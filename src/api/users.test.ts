// @vitest-environment node
/**
 * saveNotificationPreferences (CONTRACT B6): PUT when preferences exist, POST when not, and on
 * a 404 preferences_not_found or 409 preferences_already_exist switch to the other verb once.
 */
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_FAULTS } from '@/mocks/faults';
import { createTestServer } from '@/mocks/node';
import { asha, vikram } from '@/testing/fixtures';
import { ApiError } from './errors';
import type { NotificationPreferences } from './schemas/notification-preferences';
import { getUser, saveNotificationPreferences } from './users';

const { server, service, faults } = createTestServer();

interface Exchange {
  method: string;
  path: string;
  status: number;
  code: string | null;
}
let exchanges: Exchange[] = [];
/** Methods in the order sent, recorded synchronously (complete once the save settles). */
let methods: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  service.reset();
  faults.set(NO_FAULTS);
  exchanges = [];
  methods = [];
  server.events.on('request:start', ({ request }) => {
    methods.push(request.method);
  });
  server.events.on('response:mocked', async ({ request, response }) => {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    const code =
      body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
        ? body.code
        : null;
    exchanges.push({
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      code,
    });
  });
});
afterEach(() => {
  server.events.removeAllListeners();
  server.resetHandlers();
});
afterAll(() => server.close());

const PREFS_URL = '*/api/v1/:storeId/storefront/auth/user/:userId/notification-preferences';

const prefs: NotificationPreferences = {
  transactional: { email: false, sms: true, whatsapp: true },
  promotional: { email: true, sms: true, whatsapp: false },
  newsletter: { email: false, sms: false, whatsapp: true },
};

/**
 * Every exchange of the finished save. Response bodies are read asynchronously, so wait until
 * each request sent has its recorded response.
 */
async function settled() {
  await expect.poll(() => exchanges.length).toBe(methods.length);
  return exchanges.map(({ method, status, code }) => ({ method, status, code }));
}

describe('saveNotificationPreferences', () => {
  it('exists=true but the user has none: PUT 404, then POST succeeds', async () => {
    const saved = await saveNotificationPreferences(vikram, 'cus_1002', {
      prefs,
      changes: prefs,
      exists: true,
    });
    expect(saved).toEqual(prefs);
    expect(await settled()).toEqual([
      { method: 'PUT', status: 404, code: 'preferences_not_found' },
      { method: 'POST', status: 200, code: null },
    ]);
    expect(
      exchanges.every((e) => e.path.endsWith('/auth/user/cus_1002/notification-preferences')),
    ).toBe(true);
    expect((await getUser(vikram, 'cus_1002')).notification_preferences).toEqual(prefs);
  });

  it('exists=false but the user has them: POST 409, then PUT succeeds', async () => {
    const saved = await saveNotificationPreferences(asha, 'cus_1001', {
      prefs,
      changes: prefs,
      exists: false,
    });
    expect(saved).toEqual(prefs);
    expect(await settled()).toEqual([
      { method: 'POST', status: 409, code: 'preferences_already_exist' },
      { method: 'PUT', status: 200, code: null },
    ]);
    expect((await getUser(asha, 'cus_1001')).notification_preferences).toEqual(prefs);
  });

  describe('two devices, nothing stored: B (loaded before A saved) gets 409 after A creates', () => {
    /** What Vikram's screen suggests while nothing is stored (the features' suggestion). */
    const suggestion: NotificationPreferences = {
      transactional: { email: true, sms: true, whatsapp: true },
      promotional: { email: false, sms: false, whatsapp: false },
      newsletter: { email: false, sms: false, whatsapp: false },
    };
    const withSwitch = (
      base: NotificationPreferences,
      category: keyof NotificationPreferences,
      channel: 'email' | 'sms' | 'whatsapp',
      on: boolean,
    ): NotificationPreferences => ({ ...base, [category]: { ...base[category], [channel]: on } });

    it("keeps A's opt-in: B's PUT after the 409 writes only B's own change", async () => {
      const a = withSwitch(suggestion, 'promotional', 'email', true);
      await saveNotificationPreferences(vikram, 'cus_1002', {
        prefs: a,
        changes: { promotional: { email: true } },
        exists: false,
      });
      const saved = await saveNotificationPreferences(vikram, 'cus_1002', {
        prefs: withSwitch(suggestion, 'transactional', 'sms', false),
        changes: { transactional: { sms: false } },
        exists: false,
      });
      const expected = withSwitch(a, 'transactional', 'sms', false);
      expect(saved).toEqual(expected);
      expect(await settled()).toEqual([
        { method: 'POST', status: 200, code: null },
        { method: 'POST', status: 409, code: 'preferences_already_exist' },
        { method: 'PUT', status: 200, code: null },
      ]);
      expect((await getUser(vikram, 'cus_1002')).notification_preferences).toEqual(expected);
    });

    it("keeps A's opt-out: B's suggestion does not turn it back on", async () => {
      const a = withSwitch(suggestion, 'transactional', 'whatsapp', false);
      await saveNotificationPreferences(vikram, 'cus_1002', {
        prefs: a,
        changes: { transactional: { whatsapp: false } },
        exists: false,
      });
      const saved = await saveNotificationPreferences(vikram, 'cus_1002', {
        prefs: withSwitch(suggestion, 'newsletter', 'email', true),
        changes: { newsletter: { email: true } },
        exists: false,
      });
      expect(saved).toEqual(withSwitch(a, 'newsletter', 'email', true));
      expect(saved.transactional.whatsapp).toBe(false);
    });

    it('B saving the suggestion unchanged writes nothing over what A stored', async () => {
      const a = withSwitch(suggestion, 'promotional', 'sms', true);
      await saveNotificationPreferences(vikram, 'cus_1002', {
        prefs: a,
        changes: { promotional: { sms: true } },
        exists: false,
      });
      const saved = await saveNotificationPreferences(vikram, 'cus_1002', {
        prefs: suggestion,
        changes: {},
        exists: false,
      });
      expect(saved).toEqual(a);
      expect((await getUser(vikram, 'cus_1002')).notification_preferences).toEqual(a);
    });
  });

  it('exists=true: the PUT carries only the changes, and what else is stored stays', async () => {
    const before = (await getUser(asha, 'cus_1001')).notification_preferences;
    if (!before) throw new Error('Asha has stored preferences in the demo data');
    const changes = { promotional: { sms: !before.promotional.sms } };
    const saved = await saveNotificationPreferences(asha, 'cus_1001', {
      prefs,
      changes,
      exists: true,
    });
    expect(saved).toEqual({
      ...before,
      promotional: { ...before.promotional, sms: !before.promotional.sms },
    });
    expect((await settled()).slice(1)).toEqual([{ method: 'PUT', status: 200, code: null }]);
  });

  it('exists=true and the user has them: one PUT', async () => {
    expect(
      await saveNotificationPreferences(asha, 'cus_1001', { prefs, changes: prefs, exists: true }),
    ).toEqual(prefs);
    expect(await settled()).toEqual([{ method: 'PUT', status: 200, code: null }]);
  });

  it('exists=false and the user has none: one POST', async () => {
    expect(
      await saveNotificationPreferences(vikram, 'cus_1002', {
        prefs,
        changes: prefs,
        exists: false,
      }),
    ).toEqual(prefs);
    expect(await settled()).toEqual([{ method: 'POST', status: 200, code: null }]);
  });

  it('does not switch on other errors', async () => {
    // asha editing vikram: 403, and the other verb is not tried
    const forbidden = await saveNotificationPreferences(asha, 'cus_1002', {
      prefs,
      changes: prefs,
      exists: true,
    }).catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(ApiError);
    expect(forbidden).toMatchObject({ status: 403, code: 'forbidden' });

    faults.set({ failNext: 1 });
    const failed = await saveNotificationPreferences(vikram, 'cus_1002', {
      prefs,
      changes: prefs,
      exists: false,
    }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 500, code: 'internal_error' });

    expect(await settled()).toEqual([
      { method: 'PUT', status: 403, code: 'forbidden' },
      { method: 'POST', status: 500, code: 'internal_error' },
    ]);
    // nothing was stored by either attempt
    expect((await getUser(vikram, 'cus_1002')).notification_preferences).toBeNull();
  });

  it('switches only once when the other verb fails too', async () => {
    server.use(
      http.put(PREFS_URL, () =>
        HttpResponse.json(
          { success: false, message: 'gone', code: 'preferences_not_found' },
          { status: 404 },
        ),
      ),
      http.post(PREFS_URL, () =>
        HttpResponse.json(
          { success: false, message: 'there', code: 'preferences_already_exist' },
          { status: 409 },
        ),
      ),
    );
    const error = await saveNotificationPreferences(asha, 'cus_1001', {
      prefs,
      changes: prefs,
      exists: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'preferences_already_exist' });
    expect(await settled()).toEqual([
      { method: 'PUT', status: 404, code: 'preferences_not_found' },
      { method: 'POST', status: 409, code: 'preferences_already_exist' },
    ]);
  });
});
