import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '@/api/schemas/store-config';
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
});
