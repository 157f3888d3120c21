import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

const toDom = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = sanitizeHtml(html);
  return div;
};

describe('sanitizeHtml', () => {
  it('keeps text markup and http(s) links', () => {
    const div = toDom(
      '<h2>Title</h2><p>Some <strong>bold</strong> <a href="https://x.example/p">link</a></p>',
    );
    expect(div.querySelector('h2')?.textContent).toBe('Title');
    expect(div.querySelector('strong')?.textContent).toBe('bold');
    const a = div.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://x.example/p');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('removes scripts, event handlers, styles and frames', () => {
    const div = toDom(
      '<script>alert(1)</script><img src="https://x/y.png" onerror="alert(2)"><p onclick="alert(3)" style="color:red">t</p><iframe src="https://evil"></iframe><style>p{}</style><svg onload="alert(4)"></svg>',
    );
    expect(div.querySelector('script, iframe, style, svg')).toBeNull();
    expect(div.querySelector('[onerror], [onclick], [onload], [style]')).toBeNull();
    expect(div.querySelector('img')?.getAttribute('src')).toBe('https://x/y.png');
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    'mailto:a@b.c',
    '/relative',
    'JAVASCRIPT:alert(1)',
  ])('drops the href %s', (href) => {
    const a = toDom(`<a href="${href}">x</a>`).querySelector('a');
    expect(a?.hasAttribute('href')).toBe(false);
  });

  it('drops image sources that are not http(s)', () => {
    const img = toDom('<img src="javascript:alert(1)" alt="a">').querySelector('img');
    expect(img?.hasAttribute('src') ?? false).toBe(false);
  });
});
