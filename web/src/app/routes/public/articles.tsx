import { css } from '@emotion/react';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { colors } from '../../../components/ui/theme.ts';
import { useContentList } from '../../../features/content/api/get-content.ts';
import { topicsOf } from '../../../features/content/api/types.ts';
import { ArticleCard, cardGrid } from '../../../features/content/components/cards.tsx';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

const TOPIC_PARAM = 'onderwerp';

const chip = (active: boolean) => css`
  display: inline-block;
  padding: 6px 12px;
  border-radius: 16px;
  border: 1px solid ${colors.primary};
  background: ${active ? colors.primary : colors.background};
  color: ${active ? colors.onPrimary : colors.primary};
  font: inherit;
  cursor: pointer;
`;

/** The knowledge base: all articles, newest first, filterable by topic (?onderwerp=...). */
export default function ArticlesPage() {
  const { data, error } = useContentList('articles', 'sort=publishDate:desc&pagination[pageSize]=100');
  const [params, setParams] = useSearchParams();
  const topic = params.get(TOPIC_PARAM);

  return (
    <Page title={nl.nav.articles}>
      <ContentState data={data?.data} error={error}>
        {(articles) => {
          const topics = [...new Set(articles.flatMap(topicsOf))].sort((a, b) => a.localeCompare(b, 'nl'));
          const shown = topic ? articles.filter((article) => topicsOf(article).includes(topic)) : articles;
          return (
            <>
              {topics.length ? (
                <nav aria-label={nlContent.topics}>
                  <ul
                    css={css`
                      display: flex;
                      flex-wrap: wrap;
                      gap: 8px;
                      list-style: none;
                      padding: 0;
                      margin: 0 0 24px;
                    `}
                  >
                    {[null, ...topics].map((item) => (
                      <li key={item ?? ''}>
                        <button
                          type="button"
                          aria-pressed={topic === item}
                          css={chip(topic === item)}
                          onClick={() => setParams(item ? { [TOPIC_PARAM]: item } : {}, { replace: true })}
                        >
                          {item ?? nlContent.allTopics}
                        </button>
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
              {shown.length === 0 ? (
                <p>{nlContent.empty}</p>
              ) : (
                <ul css={cardGrid}>
                  {shown.map((article) => (
                    <li key={article.documentId}>
                      <ArticleCard article={article} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </ContentState>
    </Page>
  );
}
