/**
 * A build's connection variables checked as the Connection screen checks what a person types
 * (one schema for both): a mistake such as `VITE_API_BASE_URL=127.0.0.1:8787` (no scheme) stops
 * the build with the variable named, instead of a build whose every request goes to the app's
 * own host and whose screens then point at the Connection screen.
 */
import { connectionFormSchema } from '../src/features/session/connection-schema.ts';
import { type BuildEnv, buildSettingsFrom } from '../src/lib/build-settings.ts';

const VARIABLES = {
  baseUrl: 'VITE_API_BASE_URL',
  storeId: 'VITE_STORE_ID',
  apiKey: 'VITE_API_KEY',
} as const satisfies Record<string, keyof BuildEnv>;

/**
 * A variable's value as a build log may show it: a build log is read by more people than hold the
 * credentials, so the API key is never shown (only how long it is), nor an address's user name,
 * password, query or fragment (where a token can ride).
 */
function shown(name: keyof BuildEnv, value: string): string {
  if (name === 'VITE_API_KEY') return `(${[...value].length} characters, not shown)`;
  if (name !== 'VITE_API_BASE_URL') return JSON.stringify(value);
  // a user name and password: whatever comes before the last "@" (after a scheme, if any, even
  // a mistyped one), which may itself hold "/", "?" or "#"
  const at = value.lastIndexOf('@');
  const scheme = /^[a-z][a-z\d+.-]*:\/+/i.exec(value)?.[0] ?? '';
  const hidden = (at >= 0 ? `${scheme}…${value.slice(at)}` : value)
    .replace(/\?[^#]*/, '?…')
    .replace(/#.*/, '#…');
  return JSON.stringify(hidden);
}

/** What is wrong with a build's `VITE_*` connection variables, one line each; none when usable. */
export function buildEnvProblems(env: BuildEnv): string[] {
  // src/main.tsx decides by the variable as written whether the demo service is in the bundle at
  // all, the app by its trimmed value: only spaces would be a real build that thinks it is a demo
  const raw = env.VITE_API_BASE_URL;
  if (raw && raw.trim() === '') {
    return [
      `VITE_API_BASE_URL=${JSON.stringify(raw)}: Leave it unset for the demo service, or enter a full http:// or https:// address.`,
    ];
  }
  // demo: an unset (empty) address is this build's way of choosing the in-browser service
  const parsed = connectionFormSchema(true).safeParse({
    ...buildSettingsFrom(env),
    accessToken: '',
    userId: '',
    remember: false,
  });
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = issue.path[0];
    const name =
      typeof field === 'string' && field in VARIABLES
        ? VARIABLES[field as keyof typeof VARIABLES]
        : String(field);
    return `${name}=${shown(name as keyof BuildEnv, env[name as keyof BuildEnv] ?? '')}: ${issue.message}.`;
  });
}

/** Throws, listing every problem, when the variables cannot make a working build. */
export function assertBuildEnv(env: BuildEnv): void {
  const problems = buildEnvProblems(env);
  if (problems.length > 0) {
    throw new Error(`This build's connection settings cannot work:\n  ${problems.join('\n  ')}`);
  }
}
