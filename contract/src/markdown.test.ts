import { describe, expect, it } from 'vitest';
import type { MarkdownNode } from './markdown.ts';
import { markdownToPlainText, parseMarkdown, quoteMarkdown, safeMemberUrl } from './markdown.ts';

describe('markdownToPlainText (excerpts, mails, search snippets)', () => {
  it('drops the markup and keeps what a reader sees', () => {
    expect(
      markdownToPlainText(
        '# Vraag\n\nEen **vette** en _schuine_ zin met `code` en [een link](https://kring.nl).\n\n- een\n- twee\n\n> geciteerd',
      ),
    ).toBe('Vraag\n\nEen vette en schuine zin met code en een link.\n\neen\n\ntwee\n\ngeciteerd');
  });

  it('leaves plain text as it was, line breaks included', () => {
    expect(markdownToPlainText('Eerste regel\ntweede regel\n\nNieuwe alinea')).toBe(
      'Eerste regel\ntweede regel\n\nNieuwe alinea',
    );
  });

  // Hostile inputs: the plain text never carries a link's address, and raw HTML stays the text typed
  // (a mail escapes it, the search snippet is text): nothing is dropped silently, nothing interpreted.
  const hostile: [string, string, string][] = [
    ['script tag', '<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['javascript: link', '[klik](javascript:alert(1))', 'klik'],
    ['javascript: autolink', '<javascript:alert(1)>', 'javascript:alert(1)'],
    ['raw HTML inline', 'a <b onclick="x()">vet</b> b', 'a <b onclick="x()">vet</b> b'],
    ['image tag (HTML)', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['image (Markdown)', '![plaatje](https://evil.example/pixel.gif)', 'plaatje'],
    ['data URL link', '[x](data:text/html;base64,PHNjcmlwdD4=)', 'x'],
    ['nested quotes', '> > > diep\n> midden\n\nbuiten', 'diep\nmidden\n\nbuiten'],
    ['reference link to javascript', '[a][1]\n\n[1]: javascript:alert(1)', 'a'],
  ];
  it.each(hostile)('%s', (_name, input, plain) => {
    expect(markdownToPlainText(input)).toBe(plain);
  });
});

describe('safeMemberUrl', () => {
  it.each([
    ['https://kring.nl/a', 'https://kring.nl/a'],
    ['http://kring.nl', 'http://kring.nl'],
    ['mailto:sanne@kring.nl', 'mailto:sanne@kring.nl'],
    ['javascript:alert(1)', null],
    [' JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox', null],
    ['/account', null],
    ['//evil.example', null],
  ])('%s -> %s', (url, expected) => {
    expect(safeMemberUrl(url)).toBe(expected);
  });
});

describe('quoteMarkdown', () => {
  it('quotes every line and leaves a line to answer on', () => {
    expect(quoteMarkdown('Eerste\n\nTweede', 'sanne')).toBe(
      '> **sanne** schreef:\n>\n> Eerste\n>\n> Tweede\n\n',
    );
    expect(markdownToPlainText(quoteMarkdown('Eerste\n\nTweede'))).toBe('Eerste\n\nTweede');
  });
});

// A post is up to 20,000 characters: hostile nesting must neither overflow the parser's stack (the
// timeline, the post page and every search that finds the post would fail) nor take seconds.
describe('pathological input', () => {
  const depth = (node: MarkdownNode): number =>
    1 + ('children' in node ? Math.max(0, ...node.children.map(depth)) : 0);
  const count = (node: MarkdownNode): number =>
    1 + ('children' in node ? node.children.reduce((sum, child) => sum + count(child), 0) : 0);
  it.each([
    ['20,000 nested quotes', `${'>'.repeat(19_990)} x`],
    ['quotes in lists in quotes', `${'> - '.repeat(4_990)}x`],
    ['ordered lists', `${'1. '.repeat(6_600)}x`],
    ['10,000 stars around a word', `${'*'.repeat(9_990)}a${'*'.repeat(9_990)}`],
    ['10,000 underscores around a word', `${'_'.repeat(9_990)}a${'_'.repeat(9_990)}`],
    ['alternating stars', '*a'.repeat(9_990)],
    ['stars and underscores', `${'*_'.repeat(3_000)}a${'_*'.repeat(3_000)}`],
  ])('%s: parsed, its nesting and emphasis bounded, the text kept', (_name, input) => {
    // The parser's work grows with the levels and emphasis pairs it builds: both stay few.
    const root = parseMarkdown(input);
    expect(depth(root)).toBeLessThanOrEqual(40); // 16 lists are 32 levels (list, item)
    expect(count(root)).toBeLessThanOrEqual(50);
    expect(markdownToPlainText(input)).toContain(input.endsWith('x') ? 'x' : 'a');
  });

  it('leaves links unparsed in a text with more than 1,000 [ (their matching took seconds)', () => {
    const kinds = (text: string) =>
      parseMarkdown(text).children.flatMap((b): MarkdownNode[] => ('children' in b ? b.children : []));
    expect(kinds(`[Kring](https://kring.nl) ${'['.repeat(999)}`).map((n) => n.type)).toContain('link');
    expect(kinds(`[Kring](https://kring.nl) ${'['.repeat(1_000)}`).map((n) => n.type)).toEqual(['text']);
    expect(markdownToPlainText(`${'['.repeat(9_990)}${']'.repeat(9_990)}`)).toHaveLength(19_980);
  });

  it('keeps ordinary nesting and formatting as CommonMark has it', () => {
    expect(depth(parseMarkdown('> > - **vet** en _schuin_'))).toBe(8);
    expect(markdownToPlainText('> > - **vet** en _schuin_')).toBe('vet en schuin');
    // The 17th quote marker of a line and what follows it are text inside the 16th quote.
    const deep = parseMarkdown(`${'> '.repeat(20)}diep`);
    expect(depth(deep)).toBe(1 + 16 + 2);
    expect(markdownToPlainText(`${'> '.repeat(20)}diep`)).toBe('> > > > diep');
  });
});
