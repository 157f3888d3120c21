import DOMPurify from 'dompurify';

const ALLOWED_URI = /^https?:\/\//i;

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
      if (value !== null && !ALLOWED_URI.test(value)) node.removeAttribute(name);
    }
    // a link (<a>, or <area> in an image map) opens in a new tab and passes nothing on
    if (node.hasAttribute('href')) {
      node.setAttribute('rel', 'noopener noreferrer nofollow');
      node.setAttribute('target', '_blank');
    }
  });
}

/** Store HTML is untrusted: keep text markup, drop scripts, handlers, styles and non-http(s) URLs. */
export function sanitizeHtml(html: string): string {
  ensureHooks();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: [
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
    ],
    // a srcset is a list of URLs, and the URI check above only sees its first one; a policy
    // document needs one image source, so candidate lists are not kept at all
    FORBID_ATTR: ['style', 'id', 'class', 'srcset', 'sizes'],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    // DOMPurify holds every attribute it does not know to be text to ALLOWED_URI_REGEXP; these
    // are text (numbers, languages, dates), and a policy's tables and lists need them
    ADD_URI_SAFE_ATTR: TEXT_ATTRIBUTES,
  });
}
