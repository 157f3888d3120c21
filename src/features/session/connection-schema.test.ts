import { describe, expect, it } from 'vitest';
import { connectionFormSchema } from './connection-schema';

const form = {
  baseUrl: '',
  storeId: 'demo-store',
  apiKey: 'demo-api-key',
  accessToken: '',
  userId: '',
  remember: false,
};

/** The message for each field the schema refuses, or {} when it takes the form. */
function messages(demo: boolean, values: Partial<typeof form>) {
  const parsed = connectionFormSchema(demo).safeParse({ ...form, ...values });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the connection form', () => {
  it('in a demo build, an empty API base URL is the demo service', () => {
    expect(messages(true, { baseUrl: '' })).toEqual({});
  });

  it('in a real-backend build it is required: empty would send the token to the app’s own host', () => {
    expect(messages(false, { baseUrl: '' })).toEqual({
      baseUrl: 'Enter the API base URL, e.g. https://api.example.com',
    });
    expect(messages(false, { baseUrl: 'https://api.example.com' })).toEqual({});
    expect(messages(false, { baseUrl: 'ftp://x' })).toEqual({
      baseUrl: 'Enter a full http:// or https:// address',
    });
  });

  it('the address only: a ?query, #fragment or user name would take the API paths or the requests', () => {
    const addressOnly =
      'Enter only the address, like https://api.example.com: no ?, # or user name and password';
    for (const baseUrl of [
      'https://api.example.com/v2?x=1',
      'https://api.example.com#frag',
      'https://user:pw@api.example.com',
      // an empty query or fragment still takes the API's paths
      'https://api.example.com?',
      'https://api.example.com/#',
    ]) {
      expect(messages(false, { baseUrl })).toEqual({ baseUrl: addressOnly });
    }
    expect(messages(false, { baseUrl: 'https://api.example.com/shop/' })).toEqual({});
  });

  it('a token needs its user ID, and a user ID its token', () => {
    expect(messages(true, { accessToken: 't' })).toEqual({
      userId: 'Enter the user ID that goes with this access token',
    });
    expect(messages(true, { userId: 'cus_1001' })).toEqual({
      accessToken: 'Enter the access token for this user ID, or clear the user ID',
    });
    expect(messages(true, { accessToken: 't', userId: 'cus_1001' })).toEqual({});
  });

  it('refuses an API base URL with a hidden character, saying so first', () => {
    for (const [demo, baseUrl] of [
      // the path would become /v1%E2%80%8B/api/v1/…: "not the storefront service", nothing to see
      [false, 'https://api.example.com/v1\u200b'],
      // the field looks empty, and was told to enter an address or leave it empty
      [true, '\u200b'],
    ] as const) {
      const parsed = connectionFormSchema(demo).safeParse({ ...form, baseUrl });
      expect(parsed.error?.issues[0]?.message).toMatch(/hidden space/);
    }
  });

  it('refuses a credential a request header cannot carry (a copy’s hidden space, curly quotes)', () => {
    const signedIn = { userId: 'cus_1001' };
    const cannotSend = (what: string) =>
      `The ${what} can hold only plain letters, digits and symbols: this one has another character, such as a hidden space or a curly quote from a copy. Paste it again, or type it.`;
    for (const accessToken of ['demo-customer-token\u200b', '“demo-customer-token”', 'tökén']) {
      expect(messages(true, { ...signedIn, accessToken })).toEqual({
        accessToken: cannotSend('token'),
      });
    }
    expect(messages(true, { apiKey: 'demo-api-key\u200b' })).toEqual({
      apiKey: cannotSend('API key'),
    });
    expect(messages(true, { accessToken: 't', userId: 'cus_1001\u200b' })).toEqual({
      userId: cannotSend('user ID'),
    });
    expect(messages(true, { ...signedIn, accessToken: 'a b' })).toEqual({
      accessToken: 'The token cannot contain spaces',
    });
    // what a token or key is made of passes
    expect(
      messages(true, { ...signedIn, accessToken: 'eyJhbGciOi.J9-_~+/x==', apiKey: 'k-1_2.3' }),
    ).toEqual({});
  });
});
