import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '@/api/schemas/store-config';
import { FORBIDDEN_TAGS, sanitizeHtml } from '@/lib/sanitize';
import { VISIBLE } from '@/lib/text';
import { isPublished } from './policy-content';

const doc = (content: string, content_type = 'html'): ContentDocument => ({
  id: 'd',
  name: 'terms',
  content_title: 'Terms',
  content_type,
  content,
});

describe('isPublished', () => {
  it.each([
    '',
    '<p><br></p>',
    '<p>&nbsp;</p>',
    '<div>\u200B</div>',
    '<script>alert("words")</script>',
    '<style>p { color: red }</style><p> </p>',
    '<!-- draft -->',
  ])('HTML with nothing that shows is no policy: %j', (content) => {
    expect(isPublished(doc(content))).toBe(false);
  });

  it.each([
    '<p>Returns within 30 days.</p>',
    '<p><img src="https://cdn.example.com/policy.png" alt=""></p>',
    '<table><tr><td>7 days</td></tr></table>',
  ])('HTML with words or an image is a policy: %j', (content) => {
    expect(isPublished(doc(content))).toBe(true);
  });

  it('plain text is judged as text: markup in it is words', () => {
    expect(isPublished(doc('<p><br></p>', 'text/plain'))).toBe(true);
    expect(isPublished(doc(' \u00a0\u200b ', 'text/plain'))).toBe(false);
  });

  // what the policy screen shows of it: the sanitised HTML, without the app's own additions
  const screenShows = (html: string) => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml(html);
    box.querySelectorAll('.sr-only').forEach((node) => node.remove());
    return VISIBLE.test(box.textContent) || box.querySelector('img[src]') !== null;
  };

  it.each([...FORBIDDEN_TAGS, 'script', 'template', 'noscript'])(
    'agrees with the policy screen on words in a <%s>',
    (tag) => {
      const content = `<${tag}>Returns within 30 days</${tag}>`;
      expect(isPublished(doc(content))).toBe(screenShows(content));
    },
  );

  it.each([
    '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>',
    '<p><img src="javascript:alert(1)"></p>',
    '<p><img alt="logo"></p>',
    '<svg><text x="0" y="15">Returns within 30 days</text></svg>',
  ])('an image or drawing the policy screen does not show is nothing: %j', (content) => {
    expect(screenShows(content)).toBe(false);
    expect(isPublished(doc(content))).toBe(false);
  });
});
