import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page.tsx';
import { useArticles } from '../../../features/content/api/articles.ts';
import { topicsOf } from '../../../features/content/api/types.ts';
import { ArticleCard } from '../../../features/content/components/cards.tsx';
import { CardList } from '../../../features/content/components/content-list.tsx';
import { ContentState } from '../../../features/content/components/content-state.tsx';
import { TopicFilter, topicsIn } from '../../../features/content/components/topic-filter.tsx';
import { TOPIC_PARAM } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';
import { nl } from '../../../messages/nl.ts';

/** The knowledge base: all articles, newest first, filterable by topic (?onderwerp=...). */
export default function ArticlesPage() {
  const { data, error } = useArticles();
  const [params, setParams] = useSearchParams();
  const topic = params.get(TOPIC_PARAM);
  return (
    <Page title={nl.nav.articles}>
      <ContentState data={data?.data} error={error}>
        {(articles) => (
          <>
            <TopicFilter
              topics={topicsIn(articles)}
              current={topic}
              onChange={(item) => setParams(item ? { [TOPIC_PARAM]: item } : {}, { replace: true })}
            />
            <CardList
              items={topic ? articles.filter((article) => topicsOf(article).includes(topic)) : articles}
              empty={nlContent.empty}
            >
              {(article) => <ArticleCard article={article} level={2} />}
            </CardList>
          </>
        )}
      </ContentState>
    </Page>
  );
}
