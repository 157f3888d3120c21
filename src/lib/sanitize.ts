import DOMPurify from 'dompurify';
import { HTTP_URL_START, isHttpUrl } from './safe-url';
import { VISIBLE } from './text';

const NEW_TAB = ' (opens in a new tab)';

// ALLOWED_URI_REGEXP holds every attribute DOMPurify does not deem URI-safe to http(s), but it
// makes an exception: `data:` in `src`/`href` of media tags (video, audio, source, track). So the
// attributes a browser would load or follow are checked again here, on every element.
const URL_ATTRIBUTES = [
  'href',
  'src',
  'xlink:href',
  'poster',
  'background',
  'cite',
  'longdesc',
  'action',
  'formaction',
  'data',
  'codebase',
  'ping',
];

const TEXT_ATTRIBUTES = [
  'colspan',
  'rowspan',
  'span',
  'headers',
  'scope',
  'abbr',
  'width',
  'height',
  'lang',
  'dir',
  'start',
  'reversed',
  'type',
  'datetime',
  'align',
  'valign',
  'border',
  'cellpadding',
  'cellspacing',
  'nowrap',
  'shape',
  'coords',
  'min',
  'max',
  'low',
  'high',
  'optimum',
  'srclang',
  'kind',
  'hreflang',
];

let hooked = false;
function ensureHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of URL_ATTRIBUTES) {
      const value = node.getAttribute(name);
      if (value !== null && !isHttpUrl(value)) node.removeAttribute(name);
    }
    // roles and ARIA states reach past the document: a second level-1 heading or `main`, a modal
    // layer (role=dialog, aria-modal) that makes the app inert to a screen reader, alerts and
    // live regions that speak over it, a focusable link hidden from it, a name taken from the
    // app's own elements (aria-labelledby). Only a link's own name (aria-label) is kept
    for (const { name } of [...node.attributes]) {
      if (name === 'role' || (name.startsWith('aria-') && name !== 'aria-label')) {
        node.removeAttribute(name);
      }
    }
    // an image the store gave no text is taken as decorative: with no alt at all a screen reader
    // reads out its file name instead. Text the store gave (even "") is kept
    if (node.localName === 'img' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    // a link (<a>, or <area> in an image map) opens in a new tab and passes nothing on
    if (node.hasAttribute('href')) {
      node.setAttribute('rel', 'noopener noreferrer nofollow');
      node.setAttribute('target', '_blank');
    }
  });
}

/** Text that shows (not only spaces or zero-width characters). */
const shows = (text: string | null | undefined) => VISIBLE.test(text ?? '');

/** Whether a link's content (or its label) names it: its words, or an image's alt text. */
function hasName(link: Element): boolean {
  if (shows(link.getAttribute('aria-label')) || shows(link.textContent)) return true;
  return [...link.querySelectorAll('img[alt]')].some((img) => shows(img.getAttribute('alt')));
}

/** A link's address as its name: the site and the page, not a query a screen reader would spell. */
function addressName(href: string): string {
  const url = new URL(href);
  return (url.host + url.pathname).replace(/\/$/, '');
}

/** Elements no policy keeps (with their content, where DOMPurify drops that too). */
export const FORBIDDEN_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  // they only offer alternative sources (srcset, media files), which a policy document does
  // not need; a <picture>'s own <img> stays
  'picture',
  'source',
  // media and motion: sound or video that starts by itself, and text that moves, with
  // nothing on the page to stop them (WCAG 1.4.2, 2.2.2), loaded from any host
  'audio',
  'video',
  'track',
  'marquee',
  'blink',
  // a document's own layer over the page
  'dialog',
];

/** Store HTML is untrusted: keep text markup, drop scripts, handlers, styles and non-http(s) URLs. */
export function sanitizeHtml(html: string): string {
  ensureHooks();
  // the <body> it sanitised in (its serialisation is what DOMPurify returns as a string)
  const body = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    // a srcset is a list of URLs, and the URI check above only sees its first one; a policy
    // document needs one image source, so candidate lists are not kept at all
    FORBID_ATTR: ['style', 'id', 'class', 'srcset', 'sizes', 'autoplay', 'loop', 'popover'],
    ALLOWED_URI_REGEXP: HTTP_URL_START,
    // DOMPurify holds every attribute it does not know to be text to ALLOWED_URI_REGEXP; these
    // are text (numbers, languages, dates), and a policy's tables and lists need them
    ADD_URI_SAFE_ATTR: TEXT_ATTRIBUTES,
    RETURN_DOM: true,
  }) as HTMLElement;
  // A link that opens a new tab says so, as the store page's own links do. Added after
  // sanitising: it is the app's markup (the document's own `class` attributes are dropped), and
  // the hook cannot add it (DOMPurify would sanitise the new span, class and all)
  for (const link of body.querySelectorAll('a[href], area[href]')) {
    // a link the store gave no words (an image map's area without alt, an image with none):
    // its address is its name, as a screen reader would otherwise read it, only whole
    const address = addressName(link.getAttribute('href') ?? '');
    if (link.localName === 'area') {
      // an image map's link holds no content: its alt text is its name
      const alt = link.getAttribute('alt');
      link.setAttribute('alt', (shows(alt) ? alt!.trim() : address) + NEW_TAB);
    } else {
      const note = link.ownerDocument.createElement('span');
      note.className = 'sr-only';
      // with no words of its own, the notice names it: by its title if it has one (the notice,
      // as content, would otherwise stand before the title in its name), else by its address
      const title = link.getAttribute('title');
      note.textContent = (hasName(link) ? '' : shows(title) ? title!.trim() : address) + NEW_TAB;
      link.append(note);
      // a name of its own stands in for the content, the notice with it
      const label = link.getAttribute('aria-label')?.trim();
      if (label) link.setAttribute('aria-label', label + NEW_TAB);
    }
  }
  // the page's title is its one level-1 heading: a document's own <h1> is a section of it. And
  // the page's landmarks are the app's, as with `role` (the hook above): a document's <main> would
  // be a second main, its <aside>, <nav> or <search> a landmark among the app's own
  for (const element of body.querySelectorAll('h1, main, aside, nav, search')) {
    const renamed = element.ownerDocument.createElement(element.localName === 'h1' ? 'h2' : 'div');
    for (const { name, value } of element.attributes) renamed.setAttribute(name, value);
    renamed.append(...element.childNodes);
    element.replaceWith(renamed);
  }
  // a table wider than the page scrolls in a box of its own, not the page (reflow at 320px): a
  // wrapper, as a table given display:block loses its table semantics in some browsers
  for (const table of body.querySelectorAll('table')) {
    const box = table.ownerDocument.createElement('div');
    box.className = 'prose-table';
    table.replaceWith(box);
    box.append(table);
  }
  return body.innerHTML;
}
