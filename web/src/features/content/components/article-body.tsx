import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';
import { type Article, topicsOf } from '../api/types.ts';
import { CoverImage } from './cover-image.tsx';
import { EntryLead, EntryMeta } from './entry-text.tsx';

/** An article: date and author, its topics (each a link to the filtered knowledge base), image and text. */
export function ArticleBody({ entry }: { entry: Article }) {
  const topics = topicsOf(entry);
  return (
    <article>
      <EntryMeta>
        {formatDate(entry.publishDate)}
        {entry.author ? ` · ${nlContent.by} ${entry.author}` : ''}
      </EntryMeta>
      {topics.length ? (
        <p>
          {topics.map((topic) => (
            <Link
              key={topic}
              to={paths.articles.topic(topic)}
              css={css`
                margin-right: 12px;
              `}
            >
              #{topic}
            </Link>
          ))}
        </p>
      ) : null}
      <CoverImage src={entry.coverImage} alt={entry.coverImageAlt} />
      <EntryLead>{entry.summary}</EntryLead>
      {entry.body ? <Markdown source={entry.body} /> : null}
    </article>
  );
}
