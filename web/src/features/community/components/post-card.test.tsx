import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { postFixture } from '../test-fixtures.ts';
import { PostCard } from './post-card.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
beforeEach(() => vi.stubGlobal('fetch', vi.fn()));
afterEach(() => vi.unstubAllGlobals());

describe('PostCard', () => {
  it("shows 'Vastgezet', the title as a link to the post, '1 PUNT' and '1 reactie'", () => {
    renderWithProviders(
      <PostCard
        post={postFixture(12, {
          title: 'Welkom bij Kring!',
          pinnedAt: new Date().toISOString(),
          points: 1,
          commentCount: 1,
          author: { id: 3, name: 'ans', role: 3, karmaPoints: 4, avatarUrl: null },
          topics: [{ id: 5, name: 'Wonen', slug: 'wonen' }],
        })}
      />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByText('Vastgezet')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Welkom bij Kring!' }).getAttribute('href')).toBe(
      '/community/bericht/12',
    );
    expect(within(card).getByRole('button', { name: 'Stem omhoog: 1 PUNT' })).toBeTruthy();
    expect(within(card).getByText('1 reactie')).toBeTruthy();
    expect(within(card).getByText('Admin')).toBeTruthy();
    expect(within(card).getByText('zojuist')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '#Wonen' }).getAttribute('href')).toBe(
      '/community/tijdlijn?onderwerp=wonen',
    );
    expect(within(card).getByRole('link', { name: 'ans' }).getAttribute('href')).toBe('/community/profiel/3');
  });

  it("says 'n reacties' and nothing pinned for an ordinary post", () => {
    renderWithProviders(<PostCard post={postFixture(1, { commentCount: 3, points: 2 })} />);
    expect(screen.getByText('3 reacties')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stem omhoog: 2 PUNTEN' })).toBeTruthy();
    expect(screen.queryByText('Vastgezet')).toBeNull();
  });

  it('shows the opening of a long text, cut at a word with …', () => {
    const content = `${'Een vrij lange zin over wonen in de stad. '.repeat(10)}SLOT`;
    renderWithProviders(<PostCard post={postFixture(2, { content })} />);
    const text = screen.getByText(/^Een vrij lange zin/).textContent ?? '';
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(201);
    expect(text).not.toContain('SLOT');
    // Cut between words: what comes before the … is a whole word of the text.
    expect(content).toContain(`${text.slice(0, -1)} `);
  });

  it('shows the first image only, with its size and loading lazily', () => {
    const images = [
      { ref: 'community/post/2/a.webp', url: 'https://img.test/a.webp' },
      { ref: 'community/post/2/b.webp', url: 'https://img.test/b.webp' },
    ];
    const { container } = renderWithProviders(<PostCard post={postFixture(2, { images })} />);
    const shown = [...container.querySelectorAll('article img')].filter((img) =>
      img.getAttribute('src')?.startsWith('https://img.test/'),
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]?.getAttribute('src')).toBe('https://img.test/a.webp');
    expect(shown[0]?.getAttribute('loading')).toBe('lazy');
    expect(shown[0]?.getAttribute('width')).toBeTruthy();
    expect(shown[0]?.getAttribute('height')).toBeTruthy();
  });
});
