/**
 * The connection a build starts with, from its `VITE_*` variables. Pure, so that the app
 * (src/lib/config.ts) and the build's inline request script (scripts/early-requests.ts) read the
 * same variables the same way.
 */
export interface BuildEnv {
  VITE_API_BASE_URL?: string;
  VITE_STORE_ID?: string;
  VITE_API_KEY?: string;
}

export const DEMO_API_KEY = 'demo-api-key';

export function buildSettingsFrom(env: BuildEnv) {
  // an unset VITE_API_BASE_URL means demo mode: the in-browser service answers on the app's origin
  const baseUrl = (env.VITE_API_BASE_URL ?? '').trim();
  return {
    baseUrl,
    storeId: env.VITE_STORE_ID?.trim() || 'demo-store',
    apiKey: env.VITE_API_KEY?.trim() || (baseUrl === '' ? DEMO_API_KEY : ''),
  };
}
