import { useParams } from 'react-router-dom';
import { useArticle } from '../../../features/content/api/articles.ts';
import { ArticleBody } from '../../../features/content/components/article-body.tsx';
import { ContentDetail } from '../../../features/content/components/content-detail.tsx';
import { paths } from '../../../lib/paths.ts';
import { nlContent } from '../../../messages/content.ts';

const back = { label: nlContent.backToArticles, to: paths.articles.list };

/** An article of the knowledge base. */
export default function ArticleDetailPage() {
  const article = useArticle(useParams().slug);
  return <ContentDetail result={article} back={back} body={ArticleBody} />;
}
