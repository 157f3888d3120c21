/**
 * The ports the e2e run serves on: its own, not `npm start`'s (4173) or `npm run api`'s (8787),
 * so a developer's running app or API is never mistaken for the build under test
 * (docs/development.md).
 */
export const DEMO_PORT = 4183;
export const REAL_PORT = 4184;
export const API_PORT = 8788;
export const API_ORIGIN = `http://127.0.0.1:${API_PORT}`;
