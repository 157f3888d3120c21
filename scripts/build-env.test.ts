import { describe, expect, it } from 'vitest';
import { assertBuildEnv, buildEnvProblems } from './build-env.ts';

describe('buildEnvProblems', () => {
  it.each([
    [{}],
    [{ VITE_API_BASE_URL: 'http://127.0.0.1:8787', VITE_API_KEY: 'demo-api-key' }],
    [{ VITE_API_BASE_URL: ' https://api.example.com/ ', VITE_STORE_ID: 'store_7' }],
  ])('accepts a usable build: %j', (env) => {
    expect(buildEnvProblems(env)).toEqual([]);
  });

  it('names the variable and what to write for an address without a scheme', () => {
    expect(buildEnvProblems({ VITE_API_BASE_URL: '127.0.0.1:8787' })).toEqual([
      'VITE_API_BASE_URL="127.0.0.1:8787": Enter a full http:// or https:// address, or leave it empty for the demo service.',
    ]);
  });

  it('lists every variable in error', () => {
    expect(
      buildEnvProblems({
        VITE_API_BASE_URL: 'https://api.example.com/?x=1',
        VITE_STORE_ID: 'my store',
        VITE_API_KEY: 'key\u200b',
      }),
    ).toEqual([
      'VITE_API_BASE_URL="https://api.example.com/?…": Enter only the address, like https://api.example.com: no ?, # or user name and password.',
      'VITE_STORE_ID="my store": Use letters, digits, - and _ only.',
      expect.stringMatching(
        /^VITE_API_KEY=\(4 characters, not shown\): The API key can hold only plain letters/,
      ),
    ]);
  });

  it('shows no credential in the build log: no key, no user name, password, query or fragment', () => {
    const problems = buildEnvProblems({
      VITE_API_BASE_URL: 'https://ci-user:S3cretP4ss@api.example.com/v?token=t0k#frag',
      VITE_API_KEY: 'sk_live_ABCDEF123456\u200b',
    }).join('\n');
    expect(problems).toContain('VITE_API_BASE_URL="https://…@api.example.com/v?…#…"');
    expect(problems).toContain('VITE_API_KEY=(21 characters, not shown)');
    for (const secret of ['ci-user', 'S3cretP4ss', 't0k', 'frag', 'sk_live', 'ABCDEF']) {
      expect(problems).not.toContain(secret);
    }
  });

  it.each([
    'ci:S3cret@api.example.com',
    '//ci:S3cret@api.example.com',
    'https:/ci:S3cret@api.example.com',
    'https://ci:S3/cret@api.example.com',
    'https://ci:S3?cret@api.example.com',
    'https://ci:S3#cret@api.example.com',
  ])('hides the user name and password of a mistyped address too: %s', (address) => {
    const [problem] = buildEnvProblems({ VITE_API_BASE_URL: address });
    const shown = /^VITE_API_BASE_URL="([^"]*)"/.exec(problem ?? '')?.[1];
    expect(shown).toMatch(/^[a-z:/]*…@api\.example\.com$/);
    for (const secret of ['ci', 'S3', 'cret']) expect(shown).not.toContain(secret);
  });

  it('refuses an address of only spaces (neither a demo build nor a real one)', () => {
    expect(buildEnvProblems({ VITE_API_BASE_URL: '  ' })).toEqual([
      'VITE_API_BASE_URL="  ": Leave it unset for the demo service, or enter a full http:// or https:// address.',
    ]);
  });

  it('stops the build with the list', () => {
    expect(() => assertBuildEnv({ VITE_API_BASE_URL: 'ftp://example.com' })).toThrow(
      /connection settings cannot work:\n {2}VITE_API_BASE_URL="ftp:\/\/example.com"/,
    );
    expect(() => assertBuildEnv({})).not.toThrow();
  });
});
