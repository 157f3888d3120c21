/**
 * Build-time configuration. An unset VITE_API_BASE_URL means demo mode: the in-browser service
 * answers on the app's own origin.
 */
import { buildSettingsFrom } from './build-settings';

export { DEMO_API_KEY } from './build-settings';

const build = buildSettingsFrom(import.meta.env);
export const BUILD_API_BASE_URL: string = build.baseUrl;
// the variable as written, as src/main.tsx reads it: the bundler then sees a constant and drops
// the demo's own code (the Demo badge and panel) from a real-backend build. The same answer as
// `BUILD_API_BASE_URL === ''`: a build whose address is only spaces is stopped
// (scripts/build-env.ts)
export const IS_DEMO_BUILD = !import.meta.env.VITE_API_BASE_URL;
export const DEFAULT_STORE_ID: string = build.storeId;
export const DEFAULT_API_KEY: string = build.apiKey;

/** A request that takes longer than this fails with `timeout`. */
export const REQUEST_TIMEOUT_MS = 15_000;
