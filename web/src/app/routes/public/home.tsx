import { css } from '@emotion/react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Page, sectionStyle } from '../../../components/ui/page.tsx';
import { colors, visuallyHidden } from '../../../components/ui/theme.ts';
import { useAccountState } from '../../../features/auth/hooks/use-account-state.ts';
import { useArticles } from '../../../features/content/api/articles.ts';
import { useUpcomingEvents } from '../../../features/content/api/events.ts';
import { useHomepage } from '../../../features/content/api/pages.ts';
import { usePodcasts } from '../../../features/content/api/podcasts.ts';
import { ArticleCard, EventCard, PodcastCard } from '../../../features/content/components/cards.tsx';
import { ContentList } from '../../../features/content/components/content-list.tsx';
import { ContentSection } from '../../../features/content/components/content-section.tsx';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { HomeHero } from '../../../features/content/components/home-hero.tsx';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

/** Three of each: the latest articles, the upcoming events and the latest podcasts. */
const TEASER_COUNT = 3;

/** Beside each section's title, the link to the whole list. */
const more = {
  articles: { label: nlContent.allArticles, to: paths.articles.list },
  events: { label: nlContent.allEvents, to: paths.events.list },
  podcasts: { label: nlContent.allPodcasts, to: paths.podcasts.list },
};

export default function HomePage() {
  const home = useHomepage();
  const articles = useArticles(TEASER_COUNT);
  const events = useUpcomingEvents(TEASER_COUNT);
  const podcasts = usePodcasts(TEASER_COUNT);
  const page = home.data?.data;
  const { state } = useAccountState();

  return (
    <Page meta={page ? { entry: { kind: 'home', data: page } } : undefined}>
      {/* The page keeps its heading while the CMS text loads or fails. */}
      {page ? null : <h1 css={visuallyHidden}>{nl.site.defaultTitle}</h1>}
      <ContentState data={page} error={home.error}>
        {(homepage) => <HomeHero homepage={homepage} isMember={state === 'ProfileComplete'} />}
      </ContentState>

      <ContentSection title={page?.articlesTitle || nlContent.latestArticles} more={more.articles}>
        <ContentList result={articles}>{(article) => <ArticleCard article={article} />}</ContentList>
      </ContentSection>
      <ContentSection title={page?.eventsTitle || nlContent.upcomingEvents} more={more.events}>
        <ContentList result={events} empty={nlContent.noUpcomingEvents}>
          {(event) => <EventCard event={event} />}
        </ContentList>
      </ContentSection>
      <ContentSection title={page?.podcastsTitle || nlContent.latestPodcasts} more={more.podcasts}>
        <ContentList result={podcasts}>{(podcast) => <PodcastCard podcast={podcast} />}</ContentList>
      </ContentSection>

      <section
        css={[
          sectionStyle,
          css`
            padding: 24px;
            border-radius: 12px;
            background: ${colors.surface};
          `,
        ]}
      >
        <h2>{page?.communityTitle || nlContent.community}</h2>
        <p>{page?.communityText || nlContent.communityText}</p>
        <ButtonLink to={paths.community.landing} variant="secondary">
          {nl.nav.community}
        </ButtonLink>
      </section>
    </Page>
  );
}
