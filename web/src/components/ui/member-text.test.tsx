import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MemberText } from './member-text.tsx';

const view = (text: string) => render(<MemberText text={text} />).container;

describe('MemberText', () => {
  it('renders bold, italic, links, lists, quotes and code', () => {
    const c = view(
      'Een **vette** en _schuine_ zin, `code` en [Kring](https://kring.nl).\n\n- een\n- twee\n\n1. eerst\n\n> geciteerd\n\n```\nblok\n```',
    );
    expect(c.querySelector('strong')?.textContent).toBe('vette');
    expect(c.querySelector('em')?.textContent).toBe('schuine');
    expect(c.querySelector('p code')?.textContent).toBe('code');
    const link = c.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://kring.nl');
    expect(link?.getAttribute('rel')).toBe('nofollow ugc noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect([...c.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['een', 'twee']);
    expect(c.querySelector('ol li')?.textContent).toBe('eerst');
    expect(c.querySelector('blockquote')?.textContent).toBe('geciteerd');
    expect(c.querySelector('pre code')?.textContent).toBe('blok');
  });

  it('renders plain text as before: paragraphs, kept line breaks, linked addresses', () => {
    const c = view('Eerste regel\ntweede regel\n\n\nZie https://example.nl/tarieven, of www.kring.nl.');
    const paragraphs = c.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.textContent).toBe('Eerste regel\ntweede regel');
    expect(getComputedStyle(paragraphs[0] as Element).whiteSpace).toBe('pre-line');
    expect([...c.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.nl/tarieven',
      'http://www.kring.nl',
    ]);
  });

  it('allows mail links', () => {
    expect(view('[mail](mailto:sanne@kring.nl)').querySelector('a')?.getAttribute('href')).toBe(
      'mailto:sanne@kring.nl',
    );
  });

  // Hostile inputs: no element beyond the formatting set, no event handler, no image, no link but
  // http(s)/mailto; raw HTML shows as the characters typed.
  const hostile: [string, string, string][] = [
    ['script tag', '<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['javascript: link', '[klik](javascript:alert(1))', 'klik'],
    ['JavaScript: link, mixed case and spaces', '[klik]( JaVaScRiPt:alert(1) )', 'klik'],
    ['javascript: autolink', '<javascript:alert(1)>', 'javascript:alert(1)'],
    ['raw HTML inline', 'a <b onclick="x()">vet</b> b', 'a <b onclick="x()">vet</b> b'],
    ['raw HTML block', '<div style="position:fixed">\nx\n</div>', '<div style="position:fixed">\nx\n</div>'],
    [
      'iframe',
      '<iframe src="https://evil.example"></iframe>',
      '<iframe src="https://evil.example"></iframe>',
    ],
    ['image tag (HTML)', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['image (Markdown), javascript: source', '![plaatje](javascript:alert(1))', 'plaatje'],
    ['data URL link', '[x](data:text/html;base64,PHNjcmlwdD4=)', 'x'],
    ['data URL image', '![y](data:image/svg+xml;base64,PHN2Zz4=)', 'y'],
    ['reference link to javascript', '[a][1]\n\n[1]: javascript:alert(1)', 'a'],
    ['nested quotes', '> > > diep\n> midden', 'diep\nmidden'],
    ['entity-encoded scheme', '[x](&#106;avascript:alert(1))', 'x'],
  ];
  it.each(hostile)('%s renders safely', (_name, input, text) => {
    const c = view(input);
    expect(c.textContent).toBe(text);
    const allowed = new Set([
      'DIV',
      'P',
      'STRONG',
      'EM',
      'A',
      'SPAN',
      'CODE',
      'PRE',
      'BLOCKQUOTE',
      'UL',
      'OL',
      'LI',
      'BR',
    ]);
    for (const el of c.querySelectorAll('*')) {
      expect(allowed.has(el.tagName), el.tagName).toBe(true);
      expect([...el.attributes].filter((a) => a.name.startsWith('on') || a.name === 'style')).toEqual([]);
    }
    for (const a of c.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/);
  });

  it('resolves reference links defined inside a quote or a list item, and only to safe addresses', () => {
    const c = view(
      '> Zie [Kring][1].\n>\n> [1]: https://kring.nl\n\n- [kwaad][2]\n\n  [2]: javascript:alert(1)',
    );
    expect([...c.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://kring.nl']);
    expect(c.textContent).toContain('kwaad');
  });

  it('nests quotes as quotes', () => {
    expect(view('> > > diep').querySelectorAll('blockquote')).toHaveLength(3);
  });

  it('gives text pieces to the text hook (mentions plug in there), not link texts or code', () => {
    const seen: string[] = [];
    render(
      <MemberText
        text={'hoi @sanne [@link](https://kring.nl) `@code`'}
        renderText={(t) => {
          seen.push(t);
          return [t];
        }}
      />,
    );
    expect(seen).toEqual(['hoi @sanne ', ' ']);
  });
});

describe('MemberText with mentions', () => {
  const sanne = { id: 7, name: 'sanne' };
  it('links @name in text, in bold, in quotes and lists, but not in link texts or code', () => {
    const { container } = render(
      <MemoryRouter>
        <MemberText
          text={
            'hoi @sanne, **@sanne**\n\n> @sanne\n\n- @sanne\n\n[@sanne](https://kring.nl) `@sanne`\n\n    @sanne'
          }
          mentions={[sanne]}
        />
      </MemoryRouter>,
    );
    const profileLinks = [...container.querySelectorAll('a[href="/community/profiel/7"]')];
    expect(profileLinks.map((a) => a.parentElement?.tagName)).toEqual(['P', 'STRONG', 'P', 'LI']);
    expect(container.querySelector('a[href="https://kring.nl"]')?.textContent).toBe('@sanne');
    expect(container.querySelectorAll('code a, a a')).toHaveLength(0);
  });

  it('outside the 16 quote levels a line may open, a mention still links', () => {
    const { container } = render(
      <MemoryRouter>
        <MemberText text={`${'> '.repeat(40)}@sanne`} mentions={[sanne]} />
      </MemoryRouter>,
    );
    expect(container.querySelectorAll('blockquote')).toHaveLength(16);
    expect(container.querySelector('a[href="/community/profiel/7"]')?.textContent).toBe('@sanne');
  });
});
