import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, withContentSecurityPolicy } from './csp.ts';

const HTML = `<!doctype html>
<html>
  <head>
    <meta charset="UTF-8" />
    <script>(function(){var a=1;})()</script>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the Content Security Policy of the built page', () => {
  it('allows the app’s own files and eval, no plugins, no other base', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "script-src 'self' 'unsafe-eval'; object-src 'none'; base-uri 'self'",
    );
  });

  it('goes last in <head>, after the page’s own scripts (run before it is in force)', () => {
    const out = withContentSecurityPolicy(HTML);
    const meta = out.indexOf('<meta http-equiv="Content-Security-Policy"');
    expect(meta).toBeGreaterThan(out.indexOf('src="/assets/index.js"'));
    expect(meta).toBeLessThan(out.indexOf('</head>'));
    expect(out.replace(/ {2}<meta http-equiv[^>]*>\n {2}/, '')).toBe(HTML);
  });

  it('stops the build on an inline script after <head>, which the policy would refuse', () => {
    const late = HTML.replace('<div id="root"></div>', '<script>window.late = 1</script>');
    expect(() => withContentSecurityPolicy(late)).toThrow(/would be refused/);
    // a script file there is the app's own, and allowed
    const file = HTML.replace('<div id="root"></div>', '<script src="/a.js"></script>');
    expect(() => withContentSecurityPolicy(file)).not.toThrow();
  });
});
