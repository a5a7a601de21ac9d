import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { Page, sectionStyle } from '../../../components/ui/page.tsx';
import { colors, mq, visuallyHidden } from '../../../components/ui/theme.ts';
import { useContentList, useSingleContent } from '../../../features/content/api/get-content.ts';
import {
  ArticleCard,
  cardGrid,
  EventCard,
  PodcastCard,
} from '../../../features/content/components/cards.tsx';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

// The moment the page was opened, rounded to the minute so the content cache key stays stable.
const nowIso = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();

function Section({
  title,
  more,
  moreTo,
  children,
}: {
  title: string;
  more: string;
  moreTo: string;
  children: ReactNode;
}) {
  return (
    <section css={sectionStyle}>
      <div
        css={css`
          display: flex;
          align-items: baseline;
          justify-content: space-between;
          gap: 16px;
          flex-wrap: wrap;
        `}
      >
        <h2>{title}</h2>
        <Link to={moreTo}>{more}</Link>
      </div>
      {children}
    </section>
  );
}

export default function HomePage() {
  const home = useSingleContent('homepage');
  const articles = useContentList('articles', 'sort=publishDate:desc&pagination[pageSize]=3');
  const events = useContentList(
    'events',
    `filters[startsAt][$gte]=${nowIso()}&sort=startsAt:asc&pagination[pageSize]=3`,
  );
  const podcasts = useContentList('podcasts', 'sort=episodeNumber:desc&pagination[pageSize]=3');
  const page = home.data?.data;

  return (
    <Page>
      {/* The page keeps its heading while the CMS text loads or fails. */}
      {page ? null : <h1 css={visuallyHidden}>{nl.site.defaultTitle}</h1>}
      <ContentState data={page} error={home.error}>
        {(homepage) => (
          <section
            css={css`
              display: grid;
              gap: 24px;
              align-items: center;
              ${mq.large} {
                grid-template-columns: 1fr 1fr;
              }
            `}
          >
            <div>
              <h1
                css={css`
                  font-size: 36px;
                  ${mq.large} {
                    font-size: 48px;
                  }
                `}
              >
                {homepage.title}
              </h1>
              <Markdown source={homepage.intro} />
              {homepage.callToActionLabel && homepage.callToActionUrl ? (
                <p>
                  <ButtonLink to={homepage.callToActionUrl}>{homepage.callToActionLabel}</ButtonLink>
                </p>
              ) : null}
            </div>
            {homepage.heroImage ? (
              <img
                src={homepage.heroImage}
                alt={homepage.heroImageAlt ?? ''}
                width={600}
                height={400}
                css={css`
                  width: 100%;
                  height: auto;
                  border-radius: 12px;
                `}
              />
            ) : null}
          </section>
        )}
      </ContentState>

      <Section
        title={page?.articlesTitle || nlContent.latestArticles}
        more={nlContent.allArticles}
        moreTo="/kennisbank"
      >
        <ContentState data={articles.data?.data} error={articles.error}>
          {(list) => (
            <ul css={cardGrid}>
              {list.map((article) => (
                <li key={article.documentId}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ul>
          )}
        </ContentState>
      </Section>

      <Section
        title={page?.eventsTitle || nlContent.upcomingEvents}
        more={nlContent.allEvents}
        moreTo="/programma"
      >
        <ContentState data={events.data?.data} error={events.error}>
          {(list) =>
            list.length === 0 ? (
              <p>{nlContent.noUpcomingEvents}</p>
            ) : (
              <ul css={cardGrid}>
                {list.map((event) => (
                  <li key={event.documentId}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
            )
          }
        </ContentState>
      </Section>

      <Section
        title={page?.podcastsTitle || nlContent.latestPodcasts}
        more={nlContent.allPodcasts}
        moreTo="/podcasts"
      >
        <ContentState data={podcasts.data?.data} error={podcasts.error}>
          {(list) => (
            <ul css={cardGrid}>
              {list.map((podcast) => (
                <li key={podcast.documentId}>
                  <PodcastCard podcast={podcast} />
                </li>
              ))}
            </ul>
          )}
        </ContentState>
      </Section>

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
        <ButtonLink to="/community" variant="secondary">
          {nl.nav.community}
        </ButtonLink>
      </section>
    </Page>
  );
}
