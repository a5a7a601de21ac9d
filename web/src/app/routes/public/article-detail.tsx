import { css } from '@emotion/react';
import { Link, useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useContentEntry } from '../../../features/content/api/get-content.ts';
import { topicsOf } from '../../../features/content/api/types.ts';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { nlContent } from '../../../messages/content.ts';

export default function ArticleDetailPage() {
  const { slug } = useParams();
  const { data, error } = useContentEntry('articles', slug);
  const article = data?.data;
  return (
    <Page title={article?.title} narrow>
      <p>
        <Link to="/kennisbank">{nlContent.backToArticles}</Link>
      </p>
      <ContentState data={article} error={error}>
        {(entry) => (
          <article>
            <p
              css={css`
                color: ${colors.muted};
              `}
            >
              {formatDate(entry.publishDate)}
              {entry.author ? ` · ${nlContent.by} ${entry.author}` : ''}
            </p>
            {topicsOf(entry).length ? (
              <p>
                {topicsOf(entry).map((topic) => (
                  <Link
                    key={topic}
                    to={`/kennisbank?onderwerp=${encodeURIComponent(topic)}`}
                    css={css`
                      margin-right: 12px;
                    `}
                  >
                    #{topic}
                  </Link>
                ))}
              </p>
            ) : null}
            {entry.coverImage ? (
              <img
                src={entry.coverImage}
                alt={entry.coverImageAlt ?? ''}
                css={css`
                  width: 100%;
                  height: auto;
                  border-radius: 12px;
                `}
              />
            ) : null}
            <p
              css={css`
                font-size: 20px;
              `}
            >
              {entry.summary}
            </p>
            {entry.body ? <Markdown source={entry.body} /> : null}
          </article>
        )}
      </ContentState>
    </Page>
  );
}
