import DOMPurify from 'dompurify';

const ALLOWED_URI = /^https?:\/\//i;

let hooked = false;
function ensureHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href && !ALLOWED_URI.test(href)) node.removeAttribute('href');
      if (node.hasAttribute('href')) {
        node.setAttribute('rel', 'noopener noreferrer nofollow');
        node.setAttribute('target', '_blank');
      }
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src');
      if (!src || !ALLOWED_URI.test(src)) node.removeAttribute('src');
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
    ],
    FORBID_ATTR: ['style', 'id', 'class'],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
  });
}
