// How the build groups modules into chunks (vite's `build.rolldownOptions.output.codeSplitting`).
//
// Left to itself, the bundler gave every module shared by two chunks a chunk of its own: the
// entry came as 7 files and the cart as 20, many under 1 KB. Each file is a request, and over
// HTTP/1.1 (six connections per origin) each costs a round trip before the screen can paint:
// Lighthouse mobile put the cart's LCP at 2.6 s. With the groups below the entry is one file
// and the heaviest screens need six, with the same bytes (docs/performance.md).
import type { Rolldown } from 'vite';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;

const path = (pattern: string) => new RegExp(pattern.replaceAll('/', '[\\\\/]'));

/**
 * The API client, its schemas and zod: every route needs the client right after the entry (the
 * header's store config), and the demo's service shares the schemas with the screens.
 */
const API = path('/src/api/(client|connection|errors|outcome|schemas/)|/node_modules/zod/');
/** The form library, on the routes with a form, and the app's own help for its forms. */
const FORMS = path('/node_modules/(react-hook-form|@hookform)/|/src/lib/focus-first-error');
/** Small pieces screens share: UI components, helpers, TanStack Query's mutation hooks. */
const SHARED_UI = path(
  '/src/(components/ui|lib)/|/node_modules/@tanstack/(react-query|query-core)/',
);

export const codeSplitting: CodeSplitting = {
  groups: [
    // everything the entry imports statically: one file, not one per shared module
    { name: 'app', tags: ['$initial'], priority: 4 },
    { name: 'api', test: API, priority: 3 },
    { name: 'forms', test: FORMS, priority: 2 },
    // only what two or more chunks use: a component one screen uses stays with that screen
    { name: 'ui', test: SHARED_UI, minShareCount: 2, priority: 1 },
  ],
};
