import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../components/ui/markdown.tsx';
import { SmartLink } from '../components/ui/smart-link.tsx';
import { AudioPlayer } from '../features/content/components/audio-player.tsx';
import { fragmentId, linkKind } from './safe-link.ts';

/** A script address, as a CMS editor (or an attacker with their password) could type it. */
const scriptUrl = ['javascript', 'alert(1)'].join(':');

describe('CMS links: only https:, http:, mailto:, tel: and site paths are links', () => {
  it.each([
    ['/kennisbank/een-artikel', 'site'],
    ['https://kring.nl/x', 'external'],
    ['http://example.org', 'external'],
    ['mailto:info@kring.nl', 'external'],
    ['tel:+31701234567', 'external'],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT:alert(1)', null],
    [' javascript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['ftp://files.example', null],
    ['', null],
  ])('%s -> %s', (href, kind) => {
    expect(linkKind(href)).toBe(kind);
  });

  it('a navigation link with /\\host is not a site path: it renders as text only', () => {
    render(
      <MemoryRouter>
        <SmartLink href="/\evil.example">Nieuws</SmartLink>
        <SmartLink href={scriptUrl}>Contact</SmartLink>
        <SmartLink href="/over-ons">Over ons</SmartLink>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Nieuws' })).toBeNull();
    expect(screen.getByText('Nieuws').closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Over ons' }).getAttribute('href')).toBe('/over-ons');
  });

  it('an audio file with a script address is not rendered', () => {
    const { container } = render(<AudioPlayer src={scriptUrl} title="Aflevering" />);
    expect(container.querySelector('audio')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
  });

  it('markdown links follow the same list: /\\host stays text', () => {
    render(
      <MemoryRouter>
        <Markdown source="[lees](/\evil.example) en [hier](https://kring.nl)" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'lees' })).toBeNull();
    expect(screen.getByRole('link', { name: 'hier' })).toBeTruthy();
  });
});

describe('a malformed #%E0 hash', () => {
  it('is no element id', () => {
    expect(fragmentId('#%E0')).toBeNull();
    expect(fragmentId('#over-ons')).toBe('over-ons');
  });

  it('does not crash a page with text', () => {
    render(
      <MemoryRouter initialEntries={['/kennisbank/artikel#%E0']}>
        <Markdown source={'## Kop\n\nTekst'} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Kop' })).toBeTruthy();
  });
});
