import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { colors, fontSize, mq } from '../../../components/ui/theme.ts';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';
import type { Article, EventEntry, Podcast, Research } from '../api/types.ts';

export const cardGrid = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: 16px;
  list-style: none;
  padding: 0;
  margin: 0;
  ${mq.medium} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${mq.large} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const cardStyle = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  height: 100%;
  padding: 16px;
  border: 1px solid ${colors.border};
  border-radius: 8px;
  background: ${colors.background};
  h2,
  h3 {
    margin: 0;
    font-size: ${fontSize.lg};
  }
  h2 a,
  h3 a {
    text-decoration: none;
  }
  h2 a:hover,
  h3 a:hover {
    text-decoration: underline;
  }
  p {
    margin: 0;
  }
`;

/**
 * A card's title is an h3 under a section's h2 (home, programme); on a page that lists only cards
 * under its h1 (kennisbank, onderzoeken) it is an h2, so no heading level is skipped.
 */
type HeadingLevel = 2 | 3;
const headingTag = (level: HeadingLevel) => (level === 2 ? 'h2' : 'h3');

const metaStyle = css`
  color: ${colors.muted};
  font-size: ${fontSize.md};
`;

const Cover = ({ src, alt }: { src?: string | null | undefined; alt?: string | null | undefined }) =>
  src ? (
    <img
      src={src}
      alt={alt ?? ''}
      width={1200}
      height={675}
      loading="lazy"
      decoding="async"
      css={css`
        width: 100%;
        height: auto;
        aspect-ratio: 16 / 9;
        object-fit: cover;
        border-radius: 6px;
      `}
    />
  ) : null;

export function ArticleCard({ article, level = 3 }: { article: Article; level?: HeadingLevel }) {
  const Heading = headingTag(level);
  return (
    <article css={cardStyle}>
      <Cover src={article.coverImage} alt={article.coverImageAlt} />
      <Heading>
        <Link to={paths.articles.detail(article.slug)}>{article.title}</Link>
      </Heading>
      <p css={metaStyle}>
        {formatDate(article.publishDate)}
        {article.author ? ` · ${article.author}` : ''}
      </p>
      <p>{article.summary}</p>
    </article>
  );
}

export function EventCard({ event }: { event: EventEntry }) {
  return (
    <article css={cardStyle}>
      <Cover src={event.coverImage} alt={event.coverImageAlt} />
      <h3>
        <Link to={paths.events.detail(event.slug)}>{event.title}</Link>
      </h3>
      <p css={metaStyle}>
        <time dateTime={event.startsAt}>{formatDateTime(event.startsAt)}</time>
      </p>
      <p>{event.location}</p>
    </article>
  );
}

export function PodcastCard({ podcast }: { podcast: Podcast }) {
  return (
    <article css={cardStyle}>
      <Cover src={podcast.coverImage} alt={podcast.coverImageAlt} />
      <p css={metaStyle}>{nlContent.episode(podcast.episodeNumber)}</p>
      <h3>
        <Link to={paths.podcasts.detail(podcast.slug)}>{podcast.title}</Link>
      </h3>
      {podcast.durationSeconds ? (
        <p css={metaStyle}>{nlContent.duration(Math.round(podcast.durationSeconds / 60))}</p>
      ) : null}
    </article>
  );
}

export function ResearchCard({ research, level = 3 }: { research: Research; level?: HeadingLevel }) {
  const Heading = headingTag(level);
  return (
    <article css={cardStyle}>
      <Cover src={research.coverImage} alt={research.coverImageAlt} />
      <Heading>
        <Link to={paths.research.detail(research.slug)}>{research.title}</Link>
      </Heading>
      {research.publishDate ? <p css={metaStyle}>{formatDate(research.publishDate)}</p> : null}
      <p>{research.summary}</p>
    </article>
  );
}
