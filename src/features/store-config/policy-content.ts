import type { ContentDocument } from '@/api/schemas/store-config';

/** A document the store sends as HTML (`html`, `text/html`, with or without a charset). */
export const isHtml = (type: string) =>
  /^(text\/)?html$/.test(type.split(';')[0]!.trim().toLowerCase());

/**
 * A character that shows: `VISIBLE` of `src/lib/text.ts`, written again here because that module
 * travels in the API chunk (with the schemas that use it), which the store pages do not load:
 * importing it put 14 KB on their first paint.
 */
const SHOWS = /[^\s\p{Cf}]/u;

/** What HTML holds that is never shown as the policy's words (the sanitiser drops it too). */
const UNSHOWN = 'script, style, template, noscript, title, head';

/**
 * Whether a policy says anything: text that shows (not only spaces, `&nbsp;` or zero-width
 * characters), or in HTML an image. A rich-text editor saves a cleared policy as `<p><br></p>`:
 * that is no policy, so it is "not published", not a link to a blank page. The HTML is parsed
 * inert (DOMParser runs no script and loads nothing), never put on the page here.
 */
export function isPublished(doc: ContentDocument): boolean {
  if (!isHtml(doc.content_type)) return SHOWS.test(doc.content);
  const { body } = new DOMParser().parseFromString(doc.content, 'text/html');
  body.querySelectorAll(UNSHOWN).forEach((node) => node.remove());
  return SHOWS.test(body.textContent) || body.querySelector('img') !== null;
}
