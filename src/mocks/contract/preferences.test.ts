// @vitest-environment node
/** CONTRACT B6: notification preferences, POST creates in full, PUT merges. */
import { describe, expect, test } from 'vitest';
import {
  FULL_PREFERENCES,
  TOKENS,
  call,
  expectError,
  okPreferences,
  okUser,
  setupContractService,
} from './harness';

const h = setupContractService();

const ASHA = '/auth/user/cus_1001/notification-preferences';
const VIKRAM = '/auth/user/cus_1002/notification-preferences';
const stored = async (user: 'cus_1001' | 'cus_1002', token: string) =>
  okUser(await call('GET', `/auth/user/${user}`, { token })).notification_preferences;

describe('POST (create)', () => {
  test('creates from a full object and answers with the stored object', async () => {
    expect(await stored('cus_1002', TOKENS.vikram)).toBeNull();
    const created = okPreferences(
      await call('POST', VIKRAM, {
        token: TOKENS.vikram,
        body: { notification_preferences: FULL_PREFERENCES },
      }),
    );
    expect(created).toEqual(FULL_PREFERENCES);
    expect(await stored('cus_1002', TOKENS.vikram)).toEqual(FULL_PREFERENCES);
  });

  test('a second POST is a 409 and changes nothing', async () => {
    const body = { notification_preferences: FULL_PREFERENCES };
    okPreferences(await call('POST', VIKRAM, { token: TOKENS.vikram, body }));
    const before = h.snapshot();
    const flipped = {
      notification_preferences: {
        ...FULL_PREFERENCES,
        promotional: { email: true, sms: true, whatsapp: true },
      },
    };
    expectError(
      await call('POST', VIKRAM, { token: TOKENS.vikram, body: flipped }),
      409,
      'preferences_already_exist',
    );
    expect(h.snapshot()).toBe(before);
  });

  test.each([
    ['a category missing', { transactional: FULL_PREFERENCES.transactional }],
    ['a channel missing', { ...FULL_PREFERENCES, newsletter: { email: true, sms: false } }],
    [
      'an unknown category',
      { ...FULL_PREFERENCES, alerts: { email: true, sms: true, whatsapp: true } },
    ],
    [
      'an unknown channel',
      { ...FULL_PREFERENCES, promotional: { email: true, sms: true, whatsapp: true, push: true } },
    ],
    [
      'a string for a boolean',
      { ...FULL_PREFERENCES, newsletter: { email: 'true', sms: false, whatsapp: false } },
    ],
    [
      'a number for a boolean',
      { ...FULL_PREFERENCES, newsletter: { email: 1, sms: false, whatsapp: false } },
    ],
    [
      'null for a boolean',
      { ...FULL_PREFERENCES, newsletter: { email: null, sms: false, whatsapp: false } },
    ],
    ['null for a category', { ...FULL_PREFERENCES, newsletter: null }],
  ])('refuses %s with 400 validation_error', async (_what, prefs) => {
    const before = h.snapshot();
    const body = expectError(
      await call('POST', VIKRAM, {
        token: TOKENS.vikram,
        body: { notification_preferences: prefs },
      }),
      400,
      'validation_error',
    );
    expect(body.errors?.[0]?.field).toMatch(/^notification_preferences\./);
    expect(h.snapshot()).toBe(before);
  });

  test('an unknown top-level key is refused and named', async () => {
    const body = expectError(
      await call('POST', VIKRAM, {
        token: TOKENS.vikram,
        body: { notification_preferences: FULL_PREFERENCES, user_id: 'cus_1002' },
      }),
      400,
      'validation_error',
    );
    expect(body.errors).toContainEqual(expect.objectContaining({ field: 'user_id' }));
  });
});

describe('PUT (update)', () => {
  test('merges any subset of categories and channels into what is stored', async () => {
    const original = (await stored('cus_1001', TOKENS.asha))!;
    const merged = okPreferences(
      await call('PUT', ASHA, {
        token: TOKENS.asha,
        body: { notification_preferences: { promotional: { sms: !original.promotional.sms } } },
      }),
    );
    expect(merged).toEqual({
      ...original,
      promotional: { ...original.promotional, sms: !original.promotional.sms },
    });
    const second = okPreferences(
      await call('PUT', ASHA, {
        token: TOKENS.asha,
        body: {
          notification_preferences: {
            transactional: { whatsapp: false },
            newsletter: { email: false, sms: true, whatsapp: true },
          },
        },
      }),
    );
    expect(second).toEqual({
      transactional: { ...original.transactional, whatsapp: false },
      promotional: merged.promotional,
      newsletter: { email: false, sms: true, whatsapp: true },
    });
    expect(await stored('cus_1001', TOKENS.asha)).toEqual(second);
  });

  test('an empty patch changes nothing and answers with the full object', async () => {
    const original = await stored('cus_1001', TOKENS.asha);
    const same = okPreferences(
      await call('PUT', ASHA, { token: TOKENS.asha, body: { notification_preferences: {} } }),
    );
    expect(same).toEqual(original);
  });

  test('PUT when none exist is a 404 preferences_not_found and changes nothing', async () => {
    const before = h.snapshot();
    expectError(
      await call('PUT', VIKRAM, {
        token: TOKENS.vikram,
        body: { notification_preferences: FULL_PREFERENCES },
      }),
      404,
      'preferences_not_found',
    );
    expect(h.snapshot()).toBe(before);
  });

  test.each([
    ['an unknown category', { alerts: { email: true } }],
    ['an unknown channel', { promotional: { push: true } }],
    ['a string for a boolean', { promotional: { sms: 'yes' } }],
    ['a number for a boolean', { transactional: { email: 0 } }],
    ['null for a boolean', { transactional: { email: null } }],
    ['null for a category', { transactional: null }],
    ['an array for a category', { transactional: [true] }],
  ])('refuses %s with 400 validation_error', async (_what, patch) => {
    const before = h.snapshot();
    expectError(
      await call('PUT', ASHA, { token: TOKENS.asha, body: { notification_preferences: patch } }),
      400,
      'validation_error',
    );
    expect(h.snapshot()).toBe(before);
  });
});

describe('the app’s save flow (read, then PUT or POST, switching on 404/409)', () => {
  test('PUT answers 404, POST then creates; POST answers 409, PUT then updates only what changed', async () => {
    const body = { notification_preferences: FULL_PREFERENCES };
    expectError(
      await call('PUT', VIKRAM, { token: TOKENS.vikram, body }),
      404,
      'preferences_not_found',
    );
    expect(okPreferences(await call('POST', VIKRAM, { token: TOKENS.vikram, body }))).toEqual(
      FULL_PREFERENCES,
    );

    expectError(
      await call('POST', ASHA, { token: TOKENS.asha, body }),
      409,
      'preferences_already_exist',
    );
    // what another device stored stays: the PUT carries only the customer's own change
    const stored = okPreferences(
      await call('PUT', ASHA, { token: TOKENS.asha, body: { notification_preferences: {} } }),
    );
    const sms = !stored.promotional.sms;
    const change = { notification_preferences: { promotional: { sms } } };
    expect(okPreferences(await call('PUT', ASHA, { token: TOKENS.asha, body: change }))).toEqual({
      ...stored,
      promotional: { ...stored.promotional, sms },
    });
  });
});
