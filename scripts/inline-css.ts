// A vite plugin for the built index.html: the app's stylesheet goes into the page as a <style>,
// so the static shell paints as soon as the HTML has arrived instead of one request later (an
// external stylesheet blocks the first paint). 32 KB of CSS, 8 KB gzip, once per page load (the
// app is one page).
//
// The file stays in the build, behind a link browsers do not fetch: vite's helper for dynamic
// imports checks for a stylesheet link with that address before it imports a lazy screen, and
// without one it would fetch the CSS again and wait for it. `disabled` keeps the parser from
// fetching it; Chromium's preload scanner, which reads ahead while the parser is busy (a slow or
// loaded machine), ignores `disabled` and fetched it there, but skips a `media` that never
// matches ("not all").
import { type OutputBundle, builtHtmlPlugin } from './built-html.ts';

const STYLESHEET = /<link rel="stylesheet"[^>]*? href="([^"]+\.css)"[^>]*>/g;

/** `html` with each stylesheet of `bundle` it links inlined, and a disabled link left for it. */
export function inlineStylesheets(html: string, bundle: OutputBundle, base: string): string {
  return html.replace(STYLESHEET, (tag, href: string) => {
    const asset = href.startsWith(base) ? bundle[href.slice(base.length)] : undefined;
    if (asset?.type !== 'asset') return tag;
    const css =
      typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    // a stylesheet that could end the element early stays a link
    if (/<\/style/i.test(css)) return tag;
    return `<style>${css.trim()}</style>\n    <link rel="stylesheet" href="${href}" media="not all" disabled>`;
  });
}

export const inlineCss = () => builtHtmlPlugin('inline-css', inlineStylesheets);
