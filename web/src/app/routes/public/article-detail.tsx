import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { useArticle } from '../../../features/content/api/articles.ts';
import type { Article } from '../../../features/content/api/types.ts';
import { ArticleBody } from '../../../features/content/components/article-body.tsx';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { appPart } from '../../../lib/app-part.ts';
import { paths } from '../../../lib/paths.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { nlContent } from '../../../messages/content.ts';

const back = { label: nlContent.backToArticles, to: paths.articles.list };

// Below the article and only filled in once the auth SDK answered (after first paint): not part
// of the article's first load.
const ArticleCommunitySlot = lazy(() => whenIdle().then(() => import('./article-community-slot.tsx')));

function ArticleWithCommunity({ entry }: { entry: Article }) {
  return (
    <>
      <ArticleBody entry={entry} />
      <div {...appPart}>
        <Suspense fallback={null}>
          <ArticleCommunitySlot articleSlug={entry.slug} />
        </Suspense>
      </div>
    </>
  );
}

/** An article of the knowledge base, with what the community says about it. */
export default function ArticleDetailPage() {
  const article = useArticle(useParams().slug);
  return <ContentDetail result={article} back={back} body={ArticleWithCommunity} kind="article" />;
}
