import { css } from '@emotion/react';
import { Link, useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/markdown.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useArticle } from '../../../features/content/api/articles.ts';
import { topicsOf } from '../../../features/content/api/types.ts';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { CoverImage } from '../../../features/content/components/cover-image.tsx';
import { formatDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';

export default function ArticleDetailPage() {
  const { slug } = useParams();
  return (
    <ContentDetail
      result={useArticle(slug)}
      back={{ label: nlContent.backToArticles, to: paths.articles.list }}
    >
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
    </ContentDetail>
  );
}
