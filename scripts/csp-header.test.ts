// @vitest-environment node
// Review findings on the built page's security headers: each test here failed before its fix.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import viteConfig from '../vite.config.ts';
import { withContentSecurityPolicy } from './csp.ts';
import { earlyKeysScript } from './early-keys.ts';

// the built <head> as route-preload.ts writes it: the scan keeper and preload table, then the
// early requests, before vite's own tags
const HTML = `<!doctype html>
<html>
  <head>
    <meta charset="UTF-8" />
    <script>${earlyKeysScript()};(function(){var routes=[];})()</script>
    <script>(function(){window.__earlyResponses=[]})()</script>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const policyOf = (html: string) =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)![1]!;

/** Whether `policy`, in force from the start of the page (a header), lets `script` run inline. */
function allowsInline(policy: string, script: string): boolean {
  const directive = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  if (!directive) return true;
  const sources = directive.slice(1);
  const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
  return sources.includes(hash) || sources.includes("'unsafe-inline'");
}

describe('the policy sent as a header, as docs/security.md tells whoever serves the files', () => {
  it('lets the page’s own inline scripts run (the scan keeper, route preloads, early requests)', () => {
    const policy = policyOf(withContentSecurityPolicy(HTML));
    const inline = [...HTML.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(2);
    for (const script of inline) expect(allowsInline(policy, script)).toBe(true);
    // and still nothing else inline
    expect(allowsInline(policy, 'alert(1)')).toBe(false);
  });
});

describe('npm start (vite preview)', () => {
  it('forbids framing the app (clickjacking a signed-in till): frame-ancestors and X-Frame-Options', () => {
    const config =
      typeof viteConfig === 'function'
        ? viteConfig({ mode: 'production', command: 'serve', isPreview: true })
        : viteConfig;
    const headers = Object.fromEntries(
      Object.entries(
        (config as { preview?: { headers?: Record<string, string> } }).preview?.headers ?? {},
      ).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-frame-options']).toBe('DENY');
    // a header policy is in force before the page's inline scripts: it must not limit scripts
    expect(headers['content-security-policy']).not.toMatch(/script-src|default-src/);
  });
});
