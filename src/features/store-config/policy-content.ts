import type { ContentDocument } from '@/api/schemas/store-config';
import { isHttpUrl } from '@/lib/safe-url';

/**
 * Whether a policy is HTML (to sanitise) rather than text: `html` or the MIME type `text/html`
 * (parameters, case and spaces aside), as stores' admins write it. Anything else is text.
 */
export const isHtml = (type: string) =>
  /^(text\/)?html$/.test(type.split(';')[0]!.trim().toLowerCase());

/**
 * A character that shows: `VISIBLE` of `src/lib/text.ts`, written again here because that module
 * travels in the API chunk (with the schemas that use it), which the store pages do not load:
 * importing it put 14 KB on their first paint.
 */
const SHOWS = /[^\s\p{Cf}]/u;

/**
 * What HTML holds that the policy screen never shows: the sanitiser (`src/lib/sanitize.ts`)
 * drops these with their content. Not imported from there (DOMPurify's chunk, 30 KB, which the
 * store page does not load); `policy-content.test.ts` holds the two to agreeing.
 */
const UNSHOWN = [
  'script, style, template, noscript, title, head, iframe, svg, math, audio, video',
  // DOMPurify drops these with their words too (its FORBID_CONTENTS): text in an <xmp> or a
  // MathML <mtext> outside <math> is no policy on screen either
  'xmp, noembed, noframes, plaintext, desc, mi, mn, mo, ms, mtext, annotation-xml, foreignobject',
].join(', ');

/**
 * Whether a policy says anything: text that shows (not only spaces, `&nbsp;` or zero-width
 * characters), or in HTML an image from an http(s) address (one the sanitiser keeps). A rich-text
 * editor saves a cleared policy as `<p><br></p>`: that is no policy, so it is "not published",
 * not a link to a blank page. The HTML is parsed inert (DOMParser runs no script and loads
 * nothing), never put on the page here.
 */
export function isPublished(doc: ContentDocument): boolean {
  if (!isHtml(doc.content_type)) return SHOWS.test(doc.content);
  const { body } = new DOMParser().parseFromString(doc.content, 'text/html');
  body.querySelectorAll(UNSHOWN).forEach((node) => node.remove());
  return (
    SHOWS.test(body.textContent) ||
    [...body.querySelectorAll('img')].some((img) => isHttpUrl(img.getAttribute('src') ?? ''))
  );
}
