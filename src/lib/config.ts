/**
 * Build-time configuration. An unset VITE_API_BASE_URL means demo mode: the in-browser service
 * answers on the app's own origin.
 */
export const BUILD_API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL ?? '').trim();
export const IS_DEMO_BUILD = BUILD_API_BASE_URL === '';
export const DEFAULT_STORE_ID: string = import.meta.env.VITE_STORE_ID?.trim() || 'demo-store';
export const DEMO_API_KEY = 'demo-api-key';
export const DEFAULT_API_KEY: string =
  import.meta.env.VITE_API_KEY?.trim() || (IS_DEMO_BUILD ? DEMO_API_KEY : '');

/** A request that takes longer than this fails with `timeout`. */
export const REQUEST_TIMEOUT_MS = 15_000;
