import { safeUrl } from './safe-url';

// Its own module, not safe-url's: only the store page links out, and the app's first paint
// (which loads safe-url for the header's logo) need not carry it

/**
 * A link to another site (a store's social page): an absolute http(s) URL, never a path of this
 * app. An address typed without its scheme ("www.instagram.com/shop", "//instagram.com/shop") is
 * the site it names, over https; anything else gives null.
 */
export function externalUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(text)
    ? text
    : text.startsWith('//')
      ? `https:${text}`
      : /^[^\s/?#@:]+\.[^\s/?#@:.]+(?:[:/?#]|$)/.test(text)
        ? `https://${text}`
        : null;
  // with its scheme and "//": safeUrl parses it as it stands (its base, this app, never applies;
  // "https:shop" without the slashes would resolve against it)
  return absolute !== null && /^https?:\/\//i.test(absolute) ? safeUrl(absolute) : null;
}
