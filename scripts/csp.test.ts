import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, withContentSecurityPolicy } from './csp.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const HTML = `<!doctype html>
<html>
  <head>
    <meta charset="UTF-8" />
    <script>(function(){var a='é';})()</script>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <style>body{color:red}</style>
  </head>
  <body><script>
    window.x = 1;
  </script></body>
</html>`;

describe('the Content Security Policy of the built page', () => {
  it('names each inline script by its hash (text as written, UTF-8), and no file script', () => {
    const policy = contentSecurityPolicy(HTML);
    expect(policy).toBe(
      `script-src 'self' ${hash("(function(){var a='é';})()")} ${hash('\n    window.x = 1;\n  ')} 'unsafe-eval'; object-src 'none'; base-uri 'self'`,
    );
  });

  it('goes last in <head>, after what the preload scanner should fetch ahead', () => {
    const out = withContentSecurityPolicy(HTML);
    const meta = out.indexOf('<meta http-equiv="Content-Security-Policy"');
    expect(meta).toBeGreaterThan(out.indexOf('src="/assets/index.js"'));
    expect(meta).toBeLessThan(out.indexOf('</head>'));
    expect(out.replace(/ {2}<meta http-equiv[^>]*>\n {2}/, '')).toBe(HTML);
  });

  it('stops the build on an inline script it could hash wrongly', () => {
    expect(() => contentSecurityPolicy('<script type="text/x">a</script>')).toThrow(/bare/);
    expect(() => contentSecurityPolicy('<SCRIPT>a</SCRIPT>')).toThrow(/bare/);
    expect(() => contentSecurityPolicy('<script>var k="</scr"+"ipt><!--"</script>')).toThrow(
      /reads differently/,
    );
    expect(() => contentSecurityPolicy('<script>"<script>"</script>')).toThrow(/reads differently/);
  });

  it('a page with no inline script allows only its own files', () => {
    expect(contentSecurityPolicy('<head><script src="/a.js"></script></head>')).toBe(
      "script-src 'self' 'unsafe-eval'; object-src 'none'; base-uri 'self'",
    );
  });
});
