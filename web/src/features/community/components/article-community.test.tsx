import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchPerTest } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeApi, postFixture } from '../test-fixtures.ts';
import { ArticleCommunity } from './article-community.tsx';

vi.mock('../../../lib/firebase.ts', () => ({ getIdToken: async () => 'token' }));
const fetchMock = stubFetchPerTest();

const slug = 'zo-bepaal-je-een-eerlijk-uurtarief';

describe('ArticleCommunity', () => {
  it('invites a visitor to become a member or sign in, and asks the API nothing', async () => {
    renderWithProviders(<ArticleCommunity articleSlug={slug} access={{ kind: 'visitor' }} />);
    expect(
      await screen.findByRole('heading', { name: 'Praat mee in de community' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lid worden' }).getAttribute('href')).toBe(
      '/onboarding/personal-details',
    );
    expect(screen.getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe('/auth/signin');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a signed-in user without membership or profile on to complete it', () => {
    renderWithProviders(
      <ArticleCommunity
        articleSlug={slug}
        access={{ kind: 'incomplete', continueTo: '/onboarding/profile' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Maak je profiel compleet' }).getAttribute('href')).toBe(
      '/onboarding/profile',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("lists a member the posts about the article and posts with 'Bespreek dit artikel'", async () => {
    let created = false;
    const api = fakeApi(fetchMock, {
      listPosts: () => ({
        items: created ? [postFixture(50, { title: 'Mijn tarief' }), postFixture(4)] : [postFixture(4)],
        nextCursor: null,
      }),
      createArticlePost: () => {
        created = true;
        return { post: postFixture(50, { title: 'Mijn tarief', articleSlug: slug }) };
      },
    });
    renderWithProviders(<ArticleCommunity articleSlug={slug} access={{ kind: 'member' }} />);
    // The discussion is a lazy chunk: its first import takes a moment in the test runner.
    const section = await screen.findByRole('region', { name: 'Uit de community' }, { timeout: 5000 });
    await within(section).findByRole('heading', { name: 'Bericht 4' });
    expect(api.inputsOf('listPosts')[0]).toMatchObject({ articleSlug: slug, topicId: null, cursor: null });

    await userEvent.click(within(section).getByRole('button', { name: 'Bespreek dit artikel' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Titel/ }), 'Mijn tarief');
    await userEvent.type(screen.getByRole('textbox', { name: /^Bericht/ }), 'Ik reken 85 euro.');
    await userEvent.click(screen.getByRole('button', { name: 'Plaatsen' }));
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Mijn tarief', 'Bericht 4']),
    );
    expect(api.inputsOf('createArticlePost')[0]).toMatchObject({
      title: 'Mijn tarief',
      content: 'Ik reken 85 euro.',
      articleSlug: slug,
    });
  });

  it('invites a member to start the conversation when nobody has yet', async () => {
    fakeApi(fetchMock, { listPosts: () => ({ items: [], nextCursor: null }) });
    renderWithProviders(<ArticleCommunity articleSlug={slug} access={{ kind: 'member' }} />);
    expect(
      await screen.findByText(
        'Nog niemand heeft dit artikel besproken. Begin jij het gesprek?',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
