import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-css.ts';

type Bundle = Parameters<typeof inlineStylesheets>[1];
const asset = (fileName: string, source: string | Uint8Array) => ({
  type: 'asset' as const,
  fileName,
  source,
});
const bundle = (...assets: ReturnType<typeof asset>[]) =>
  Object.fromEntries(assets.map((a) => [a.fileName, a])) as unknown as Bundle;

const HTML = `<head>
    <script type="module" crossorigin src="/app/assets/index.js"></script>
    <link rel="stylesheet" crossorigin href="/app/assets/index.css">
  </head>`;

describe('inlineStylesheets', () => {
  it('puts the stylesheet in a <style> and leaves a disabled, never-matching link with its address', () => {
    const out = inlineStylesheets(
      HTML,
      bundle(asset('assets/index.css', 'body{color:red}\n')),
      '/app/',
    );
    expect(out).toContain('<style>body{color:red}</style>');
    expect(out).toContain(
      '<link rel="stylesheet" href="/app/assets/index.css" media="not all" disabled>',
    );
    expect(out).not.toContain('crossorigin href="/app/assets/index.css"');
    // the module script is untouched
    expect(out).toContain('<script type="module" crossorigin src="/app/assets/index.js"></script>');
  });

  it('reads a stylesheet given as bytes', () => {
    const out = inlineStylesheets(
      HTML,
      bundle(asset('assets/index.css', new TextEncoder().encode('p{margin:0}'))),
      '/app/',
    );
    expect(out).toContain('<style>p{margin:0}</style>');
  });

  it('leaves a link alone when the bundle does not have its file', () => {
    expect(inlineStylesheets(HTML, bundle(), '/app/')).toBe(HTML);
  });

  it('leaves a link alone when its CSS could close the <style> element early', () => {
    const css = 'a::after{content:"</style><script>alert(1)</script>"}';
    expect(inlineStylesheets(HTML, bundle(asset('assets/index.css', css)), '/app/')).toBe(HTML);
  });
});
