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

  it('says that a link opens in a new tab, in words only a screen reader reads', () => {
    const div = toDom(
      '<p><a href="https://x.example/p" class="sr-only" id="x"><b>Read</b> more</a></p><map name="m"><area href="https://a/x" alt="Map"><area href="https://a/y" alt=""></map>',
    );
    const a = div.querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.textContent).toBe('Read more (opens in a new tab)');
    // the notice is the app's; the document's own class and id are still dropped
    expect(a.hasAttribute('class')).toBe(false);
    expect(a.hasAttribute('id')).toBe(false);
    expect(a.lastElementChild?.outerHTML).toBe(
      '<span class="sr-only"> (opens in a new tab)</span>',
    );
    const areas = div.querySelectorAll('area');
    expect(areas[0]?.getAttribute('alt')).toBe('Map (opens in a new tab)');
    // an area the store gave no words is named by its address, as a screen reader reads it
    expect(areas[1]?.getAttribute('alt')).toBe('a/y (opens in a new tab)');
  });

  it('names a link with no words of its own (an image without alt) by its address', () => {
    const div = toDom(
      '<a href="https://shop.example/logo?utm=x#top"><img src="https://a/l.png"></a><a href="https://a/b"><img src="https://a/b.png" alt="Brand"></a><a href="https://a/c" title="Catalogue"><img src="https://a/c.png"></a><a href="https://a/">\u200b</a><map name="m"><area href="https://a/z" alt="\u200b"></map>',
    );
    const [bare, named, titled, invisible] = div.querySelectorAll('a');
    // the site and the page: no query or fragment spelt out
    expect(bare?.textContent).toBe('shop.example/logo (opens in a new tab)');
    expect(named?.textContent).toBe(' (opens in a new tab)');
    expect(named?.querySelector('img')?.getAttribute('alt')).toBe('Brand');
    expect(titled?.textContent).toBe('Catalogue (opens in a new tab)');
    // a zero-width space names nothing
    expect(invisible?.textContent).toBe('\u200ba (opens in a new tab)');
    expect(div.querySelector('area')?.getAttribute('alt')).toBe('a/z (opens in a new tab)');
  });

  it('says it also in a link that names itself (aria-label)', () => {
    const a = toDom(
      '<a href="https://x.example/help" aria-label="Help centre">?</a>',
    ).querySelector('a')!;
    expect(a.getAttribute('aria-label')).toBe('Help centre (opens in a new tab)');
  });

  it('adds no notice to a link it took the address from', () => {
    const div = toDom('<a href="javascript:alert(1)">x</a><a>y</a>');
    expect(div.textContent).toBe('xy');
    expect(div.querySelector('span')).toBeNull();
  });

  it('keeps the words of a link whose address is broken, not the link (nor the page fails)', () => {
    const div = toDom(
      '<p><a href="https://www.example .com/x">Spaced</a> <a href="https://">Empty</a> <a href="https://a:99999/">Port</a> <img src="https://" alt="Logo"></p>',
    );
    expect(div.textContent).toBe('Spaced Empty Port ');
    expect(div.querySelector('a[href], a[target]')).toBeNull();
    expect(div.querySelector('img')?.hasAttribute('src')).toBe(false);
  });

  it("keeps the text attributes a policy's tables, lists and languages need", () => {
    const div = toDom(
      '<table border="1" cellpadding="4"><tr><th scope="col" colspan="2">Fee</th></tr><tr><td rowspan="2" headers="h">1</td></tr></table>' +
        '<ol start="3" type="a" reversed><li>x</li></ol><p lang="hi" dir="ltr">नीति</p>' +
        '<time datetime="2026-01-01">1 Jan</time><img src="https://x.example/a.png" width="40" height="20" alt="">',
    );
    expect(div.querySelector('table')?.getAttribute('border')).toBe('1');
    expect(div.querySelector('table')?.getAttribute('cellpadding')).toBe('4');
    expect(div.querySelector('th')?.getAttribute('colspan')).toBe('2');
    expect(div.querySelector('th')?.getAttribute('scope')).toBe('col');
    expect(div.querySelector('td')?.getAttribute('rowspan')).toBe('2');
    expect(div.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(div.querySelector('ol')?.getAttribute('type')).toBe('a');
    expect(div.querySelector('ol')?.hasAttribute('reversed')).toBe(true);
    expect(div.querySelector('p')?.getAttribute('lang')).toBe('hi');
    expect(div.querySelector('p')?.getAttribute('dir')).toBe('ltr');
    expect(div.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-01');
    expect(div.querySelector('img')?.getAttribute('width')).toBe('40');
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
    // "http:" without "//" is a relative reference in disguise: on a page of the same scheme
    // the browser resolves http:foo against the app's own address, as it would /relative
    'http:foo',
    'https:settings?next=/pos',
    'HTTPS:account',
  ])('drops the href %s', (href) => {
    const a = toDom(`<a href="${href}">x</a>`).querySelector('a');
    expect(a?.hasAttribute('href')).toBe(false);
  });

  it('gives an image with no alt an empty one (decorative), and keeps the alt the store gave', () => {
    const imgs = toDom(
      '<img src="https://x.example/a.png"><img src="https://x.example/b.png" alt="Our returns desk"><img src="https://x.example/c.png" alt="">',
    ).querySelectorAll('img');
    expect([...imgs].map((img) => img.getAttribute('alt'))).toEqual(['', 'Our returns desk', '']);
  });

  it('drops image sources that are not http(s)', () => {
    const img = toDom('<img src="javascript:alert(1)" alt="a">').querySelector('img');
    expect(img?.hasAttribute('src') ?? false).toBe(false);
  });
});

/** Every element in the output that still has the attribute. */
const withAttribute = (div: HTMLElement, name: string) =>
  [...div.querySelectorAll('*')].filter((el) => el.hasAttribute(name));

describe('sanitizeHtml: srcset and other URL attributes', () => {
  it('drops a srcset whose later candidates are not http(s), with the bad src', () => {
    const img = toDom(
      '<img src="javascript:alert(1)" srcset="https://a/x.png 1x, data:image/svg+xml;base64,AAAA 2x, /rel.png 3x" alt="a">',
    ).querySelector('img');
    expect(img?.hasAttribute('src')).toBe(false);
    expect(img?.hasAttribute('srcset')).toBe(false);
  });

  it('keeps no srcset or sizes at all: the http(s) src is the image', () => {
    const img = toDom(
      '<img src="https://a/1.png" srcset="https://a/1.png 1x, https://a/2.png 2x" sizes="10px" alt="a">',
    ).querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://a/1.png');
    expect(img?.hasAttribute('srcset')).toBe(false);
    expect(img?.hasAttribute('sizes')).toBe(false);
  });

  it('removes <picture> and <source>; the fallback <img> stays', () => {
    const div = toDom(
      '<picture><source srcset="data:image/png;base64,AA 1x" media="(min-width: 1px)"><source srcset="https://a/x.png"><img src="https://x/y.png" alt="a"></picture>',
    );
    expect(div.querySelector('picture, source')).toBeNull();
    expect(withAttribute(div, 'srcset')).toEqual([]);
    expect(div.querySelector('img')?.getAttribute('src')).toBe('https://x/y.png');
  });

  it.each([
    ['src', '<img src="data:image/png;base64,AA" alt="a">'],
    ['src', '<video src="data:video/mp4;base64,AA"></video>'],
    ['src', '<audio src="data:audio/mp3;base64,AA"></audio>'],
    ['src', '<video><source src="data:video/mp4;base64,AA"><track src="data:text/vtt,x"></video>'],
    ['src', '<video src="javascript:alert(1)"><track src="javascript:alert(1)"></video>'],
    ['src', '<input type="image" src="javascript:alert(1)"><embed src="javascript:alert(1)">'],
    [
      'src',
      '<iframe src="javascript:alert(1)"></iframe><frameset><frame src="javascript:alert(1)">',
    ],
    ['poster', '<video poster="javascript:alert(1)"></video>'],
    ['poster', '<video poster="data:image/png;base64,AA"></video>'],
    [
      'background',
      '<table background="javascript:alert(1)"><tr><td background="data:x">c</td></tr></table>',
    ],
    ['cite', '<blockquote cite="javascript:alert(1)">q</blockquote><q cite="/rel">q</q>'],
    ['cite', '<del cite="data:x">d</del><ins cite="javascript:alert(1)">i</ins>'],
    ['longdesc', '<img src="https://a/b.png" longdesc="javascript:alert(1)" alt="a">'],
    ['xlink:href', '<a xlink:href="javascript:alert(1)">x</a>'],
    ['xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
    ['action', '<form action="javascript:alert(1)"><p>x</p></form>'],
    [
      'formaction',
      '<button formaction="javascript:alert(1)">b</button><input formaction="javascript:alert(1)">',
    ],
    ['href', '<map name="m"><area href="javascript:alert(1)" alt="x"></map>'],
    [
      'href',
      '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/s.css">',
    ],
    ['data', '<object data="javascript:alert(1)"></object>'],
    ['ping', '<a href="https://a.example/" ping="https://track.example/">x</a>'],
    [
      'lowsrc',
      '<img src="https://a/b.png" lowsrc="javascript:alert(1)" dynsrc="javascript:alert(1)" alt="a">',
    ],
  ])('a non-http(s) %s does not survive: %s', (attribute, html) => {
    expect(withAttribute(toDom(html), attribute)).toEqual([]);
  });

  it('holds the URL attributes it keeps to http(s)', () => {
    const div = toDom(
      '<img src="https://a/p.png" longdesc="https://a/d"><q cite="https://a/q">q</q><map name="m"><area href="https://a/x" alt="x"></map>',
    );
    expect(div.querySelector('img')?.getAttribute('src')).toBe('https://a/p.png');
    expect(div.querySelector('q')?.getAttribute('cite')).toBe('https://a/q');
    // an image-map link is a link like any other: new tab, nothing passed on
    const area = div.querySelector('area');
    expect(area?.getAttribute('href')).toBe('https://a/x');
    expect(area?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(area?.getAttribute('target')).toBe('_blank');
  });

  it('drops media that plays by itself and text that moves, which nothing on the page can stop', () => {
    const div = toDom(
      '<p>Policy</p><audio src="https://t.example/a.mp3" autoplay loop></audio><video src="https://t.example/v.mp4" autoplay muted><track src="https://t.example/c.vtt"></video><marquee>Hurry!</marquee><blink>Now</blink><dialog open>Layer</dialog><p popover>Pop</p><img src="https://a/i.png" loop alt="x">',
    );
    expect(div.querySelector('audio, video, track, marquee, blink, dialog')).toBeNull();
    expect(div.querySelector('[autoplay], [loop], [popover]')).toBeNull();
    // the words stay
    expect(div.textContent).toContain('Hurry!');
    expect(div.textContent).toContain('Pop');
  });

  it("makes a document's own level-1 heading a level-2 one (the page's title is the only h1)", () => {
    const div = toDom('<h1 lang="fr" dir="ltr">Retours <em>rapides</em></h1><h2>Next</h2>');
    expect(div.querySelector('h1')).toBeNull();
    const h2 = div.querySelector('h2');
    expect(h2?.outerHTML).toBe('<h2 lang="fr" dir="ltr">Retours <em>rapides</em></h2>');
  });

  it('puts a table in a box of its own to scroll, not the page (reflow at 320px)', () => {
    const div = toDom('<p>x</p><table width="1000"><tr><td>a</td></tr></table>');
    const table = div.querySelector('table');
    expect(table?.parentElement?.className).toBe('prose-table');
    expect(table?.getAttribute('width')).toBe('1000');
  });
});
